import { expect, test } from '@playwright/test';
import { screenshots } from './support';

interface Document {
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
}

test.describe('the API docs page', () => {
  test('shows every tag and operation of the document, and "Try it out" calls the store', async ({
    page,
  }) => {
    // Anything the Content-Security-Policy blocks, or the page logs as an error.
    const problems: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP blocked ${event.blockedURI} (${event.violatedDirective})`),
      ),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const doc: Document = await (await page.request.get('/api/docs/openapi.json')).json();
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/api/docs');
    await expect(page).toHaveTitle('Tyre & Auto Parts Store API');
    await expect(page.getByRole('heading', { name: /Tyre & Auto Parts Store API/ })).toBeVisible();
    for (const tag of doc.tags) {
      await expect(page.locator(`#operations-tag-${tag.name}`)).toBeVisible();
    }
    for (const op of operations) {
      await expect(page.locator(`#operations-${op.tags[0]}-${op.operationId}`)).toBeVisible();
    }

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${screenshots}/api-docs-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width}px`).toBe(0);
    }

    // A public call, sent from the page to the running store.
    const listProducts = page.locator('#operations-products-listProducts');
    await listProducts.locator('.opblock-summary').first().click();
    await listProducts.getByRole('button', { name: 'Try it out' }).click();
    await listProducts.getByPlaceholder('limit').fill('2');
    const [answer] = await Promise.all([
      page.waitForResponse((res) => new URL(res.url()).pathname === '/api/product'),
      listProducts.getByRole('button', { name: 'Execute' }).click(),
    ]);
    expect(new URL(answer.url()).search).toBe('?limit=2');
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toEqual(
      expect.objectContaining({ _id: expect.any(String), name: expect.any(String) }),
    );
    // The page shows the answer it got.
    const live = listProducts.locator('.live-responses-table tbody');
    await expect(live.locator('.response-col_status').first()).toHaveText('200');
    await expect(live.locator('.response-col_description').first()).toContainText(body[0].name);
    await listProducts.scrollIntoViewIfNeeded();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await listProducts.screenshot({ path: `${screenshots}/api-docs-try-it-out-${width}.png` });
    }

    expect(problems).toEqual([]);
  });
});
