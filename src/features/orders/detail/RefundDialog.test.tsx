import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Order, RefundPreview } from '@contract/orders';
import { apiError } from '../../../test/apiHandlers';
import { paidTyres } from '../../../test/orderFixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { RefundDialog } from './RefundDialog';

/** Four tyres at $89.99 ($359.96), one of them already returned: three are left. */
const order: Order = { ...paidTyres, status: 'delivered', refunded: 89.99 };
const leftUnits = 3;

/**
 * The server's side: the preview answers what `units` would give back ($89.99 each, as the
 * server works it out) or `refuse(units)`'s refusal; each refund POST is recorded.
 */
function refundApi(refuse?: (units: number) => Response | undefined) {
  const posts: unknown[] = [];
  const asked: number[] = [];
  server.use(
    http.get('/api/order/:id/refund-preview', ({ request }) => {
      const units = Number(new URL(request.url).searchParams.get('units'));
      asked.push(units);
      const refusal = refuse?.(units);
      if (refusal) return refusal;
      const preview: RefundPreview = {
        quantity: 4,
        unitsLeft: leftUnits,
        leftMinor: 26997,
        units,
        amountMinor: units * 8999,
      };
      return HttpResponse.json(preview);
    }),
    http.post('/api/order/:id/refund', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json({ ...order, refunded: 269.97 });
    }),
  );
  return { posts, asked };
}

function openDialog() {
  renderRoutes(
    withToasts([{ path: '*', element: <RefundDialog order={order} onClose={() => {}} /> }]),
  );
  return screen.getByRole('dialog', { name: 'Refund' });
}

const unitsField = (dialog: HTMLElement) =>
  within(dialog).getByLabelText(`Units of ${order.ProductName} to return`);

describe('the Refund dialog', () => {
  it('offers no more units than are left unreturned, and refuses more before sending', async () => {
    const api = refundApi();
    const dialog = openDialog();
    // What is left is the server's figure too (it knows the discounts).
    expect(await within(dialog).findByText('Up to $269.97 is left to refund.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        '4 bought, 3 can still be returned. Leave 0 to refund an amount instead.',
      ),
    ).toBeInTheDocument();
    const units = unitsField(dialog);
    expect(units).toHaveValue(0);
    expect(units).toHaveAttribute('max', String(leftUnits));
    await userEvent.clear(units);
    await userEvent.type(units, '4');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Tyres returned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most 3 can still be returned.')).toBeInTheDocument();
    expect(api.posts).toEqual([]);
    // Units above what is left are never sent to the server to be priced.
    expect(api.asked).toEqual([0]);
  });

  it("shows the server's figure for the units chosen and refunds those units", async () => {
    const api = refundApi();
    const dialog = openDialog();
    const units = unitsField(dialog);
    await within(dialog).findByText(/3 can still be returned/);
    expect(within(dialog).getByLabelText('Amount in dollars')).toBeInTheDocument();
    await userEvent.clear(units);
    await userEvent.type(units, '2');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Refund for 2 units: $179.98, what the customer paid for them.',
    );
    // The figure is the server's: no amount to type for units.
    expect(within(dialog).queryByLabelText('Amount in dollars')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Two tyres returned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.posts).toEqual([{ units: 2, reason: 'Two tyres returned' }]));
    await expectToast('Refunded $179.98.');
  });

  it("says the server's refusal in its words, and still allows an amount (goodwill)", async () => {
    const refusal = "At most 1 of this order's 4 units can still be refunded.";
    const api = refundApi((units) => (units > 1 ? apiError(409, refusal, 'units') : undefined));
    const dialog = openDialog();
    const units = unitsField(dialog);
    await within(dialog).findByText(/3 can still be returned/);
    await userEvent.clear(units);
    await userEvent.type(units, '2');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(refusal);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Two tyres returned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Wait for the refund to be worked out, then confirm.'),
    ).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await userEvent.clear(units);
    await userEvent.type(units, '0');
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.posts).toEqual([{ amount: 10, reason: 'Two tyres returned' }]));
  });
});
