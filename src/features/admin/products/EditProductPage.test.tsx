import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry } from '@contract/productChanges';
import { configHandler, uploadHandler } from '../../../test/apiHandlers';
import { catalogueApi } from '../../../test/catalogueApi';
import { pngFile } from '../../../test/files';
import { tyre } from '../../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast, showingToasts } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { EditProductPage } from './EditProductPage';

const history: HistoryEntry[] = [
  {
    at: '2026-11-20T10:15:00.000Z',
    by: 'admin@store.test',
    action: 'stock',
    changes: [{ field: 'availablequantity', from: 200, to: 240 }],
    delta: 40,
    reason: 'delivery',
  },
  {
    at: '2026-11-19T09:00:00.000Z',
    by: 'other@store.test',
    action: 'edit',
    changes: [{ field: 'price', from: 89.99, to: 84.99 }],
    delta: null,
    reason: null,
  },
  {
    at: '2026-11-18T08:00:00.000Z',
    by: 'admin@store.test',
    action: 'retire',
    changes: [{ field: 'status', from: 'active', to: 'retired' }],
    delta: null,
    reason: null,
  },
];

function renderEdit() {
  const api = catalogueApi([tyre], history);
  server.use(configHandler(), ...api.handlers);
  const view = renderRoutes(
    withToasts([{ path: '/dashboard/products/:id', element: <EditProductPage /> }]),
    `/dashboard/products/${tyre._id}`,
    { auth: signedInAuth({ user: { email: 'admin@store.test', displayName: 'A' }, admin: true }) },
  );
  return { ...view, api };
}

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save changes' });

async function retype(label: string, text: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), text);
}

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('Edit product', () => {
  it('is the Add Product form filled with the product, its stock read-only', async () => {
    renderEdit();
    expect(
      await screen.findByRole('heading', { level: 1, name: `Edit ${tyre.name}` }),
    ).toBeInTheDocument();
    expect(field('Product Name')).toHaveValue(tyre.name);
    expect(field('Description')).toHaveValue(tyre.description);
    expect(field('Price ($)')).toHaveValue(89.99);
    expect(field('Order Quantity')).toHaveValue(2);
    expect(field('Available Quantity')).toHaveValue('240');
    expect(field('Available Quantity')).toHaveAttribute('readonly');
    expect(field('Category')).toHaveValue('tyre');
    expect(field('Tyre size')).toHaveValue('205/55 R16 91V');
    expect(field('Season')).toHaveValue('summer');
    expect(field('SKU')).toHaveValue(tyre.sku);
    // The picture it has is shown and kept unless another is chosen.
    expect(screen.getByRole('img', { name: /current/i })).toHaveAttribute(
      'src',
      expect.stringContaining(tyre.img),
    );
    expect(screen.getByRole('button', { name: 'Restock' })).toBeInTheDocument();
  });

  it('saves only what changed, with the version, and toasts', async () => {
    const { api } = renderEdit();
    await screen.findByDisplayValue(tyre.name);
    await retype('Price ($)', '84.99');
    await userEvent.click(save());
    await expectToast(`Saved: ${tyre.name} is updated in the shop.`);
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: `/api/product/${tyre._id}`,
        body: { version: 1, price: 84.99 },
      }),
    ]);
    // The next save answers to the new version.
    await retype('Order Quantity', '4');
    await userEvent.click(save());
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]!.body).toEqual({ version: 2, orderquantity: 4 });
  });

  it('replaces the picture: uploaded first, then saved', async () => {
    const upload = uploadHandler('/api/images/new-tyre');
    const { api } = renderEdit();
    server.use(upload.handler);
    await screen.findByDisplayValue(tyre.name);
    await userEvent.upload(field('Image'), pngFile('new.png'));
    await userEvent.click(save());
    await expectToast(`Saved: ${tyre.name} is updated in the shop.`);
    expect(upload.seen.names).toEqual(['new.png']);
    expect(api.writes()[0]!.body).toEqual({ version: 1, img: '/api/images/new-tyre' });
  });

  it('on a 409 shows what changed, keeps what was typed, and saves over it on request', async () => {
    const { api } = renderEdit();
    await screen.findByDisplayValue(tyre.name);
    // Another admin lowers the price and renames it while this form is open.
    api.changeBehind(tyre._id, { price: 84.99, name: 'RoadGrip Summer II' });
    await retype('Order Quantity', '6');
    await retype('Description', 'Quiet summer tyre.');
    await userEvent.click(save());

    const panel = await screen.findByRole('region', { name: 'Changed since you opened it' });
    expect(within(panel).getByText('Price 89.99 → 84.99')).toBeInTheDocument();
    // Said once, by the panel: no toast repeats the refusal.
    expect(showingToasts()).toEqual([]);
    expect(within(panel).getByText(`Name ${tyre.name} → RoadGrip Summer II`)).toBeInTheDocument();
    expect(field('Order Quantity')).toHaveValue(6);
    expect(field('Description')).toHaveValue('Quiet summer tyre.');

    await userEvent.click(within(panel).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    // The admin's changes, on the new version; the other admin's price and name stay.
    expect(api.writes()[1]!.body).toEqual({
      version: 2,
      orderquantity: 6,
      description: 'Quiet summer tyre.',
    });
    await expectToast('Saved: RoadGrip Summer II is updated in the shop.');
    expect(screen.queryByRole('region', { name: 'Changed since you opened it' })).toBeNull();
    expect(api.products[0]).toMatchObject({ price: 84.99, orderquantity: 6, version: 3 });
  });

  it('takes the other admin’s version on request', async () => {
    const { api } = renderEdit();
    await screen.findByDisplayValue(tyre.name);
    api.changeBehind(tyre._id, { price: 84.99 });
    await retype('Price ($)', '79.99');
    await userEvent.click(save());
    const panel = await screen.findByRole('region', { name: 'Changed since you opened it' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Take their version' }));
    expect(field('Price ($)')).toHaveValue(84.99);
    expect(screen.queryByRole('region', { name: 'Changed since you opened it' })).toBeNull();
    expect(api.writes()).toHaveLength(1);
  });

  it('lists who changed what and when, newest first', async () => {
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Stock +40 ‘delivery’',
      'Edited: Price 89.99 → 84.99',
      'Retired',
    ]);
    expect(items[1]).toHaveTextContent('other@store.test');
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', history[0]!.at);
  });

  it("sets the product's own prices per market, blank for the conversion rule, checked first", async () => {
    const { api } = renderEdit();
    const de = await screen.findByLabelText('Price in Deutschland (EUR)');
    // $89.99 × 0.92, as the stand-in converts it.
    expect(screen.getByText(/^Blank: 82,79\s€ by the conversion rule\.$/)).toBeInTheDocument();
    await userEvent.type(de, '84,99');
    await userEvent.click(screen.getByRole('button', { name: 'Save market prices' }));
    expect(
      await screen.findByText(
        "Price in Deutschland (EUR) must be a price in EUR such as 84.99 (a point, no currency sign), or empty for the market's conversion rule.",
      ),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await userEvent.clear(de);
    await userEvent.type(de, '84.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save market prices' }));
    await expectToast('Market prices saved.');
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/product/${tyre._id}/market-prices`,
        body: { prices: { DE: 8499 } },
      }),
    ]);
    expect(de).toHaveValue('84.99');
    expect(screen.getByLabelText('Price in United Kingdom (GBP)')).toHaveValue('');
  });
});
