import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@contract/products';
import { catalogueApi } from '../../../test/catalogueApi';
import { battery, tyre } from '../../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { ProductsPage } from './ProductsPage';

const admin = { email: 'admin@store.test', displayName: 'Admin' };

/** 25 filters after the tyre and the battery: two pages of 20. */
const filters: Product[] = Array.from({ length: 25 }, (_, i) => ({
  ...battery,
  _id: `7d6f8f3e-2c1a-4b5e-9f00-1000000000${String(i).padStart(2, '0')}`,
  name: `Oil filter ${String(i + 1).padStart(2, '0')}`,
  sku: `OF-${i + 1}`,
}));

function renderTable(products: Product[] = [tyre, battery], path = '/dashboard/products') {
  const api = catalogueApi(products);
  server.use(...api.handlers);
  const view = renderRoutes(
    withToasts([{ path: '/dashboard/products', element: <ProductsPage /> }]),
    path,
    { auth: signedInAuth({ user: admin, admin: true }) },
  );
  return { ...view, api };
}

const table = () => screen.getByRole('table', { name: 'Products' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('the products table', () => {
  it('lists every product, active and retired, with its figures and actions', async () => {
    const { api } = renderTable([tyre, { ...battery, status: 'retired' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Category', 'Price', 'Stock', 'Status', 'Actions']);
    const row = within(rowOf(tyre.name));
    expect(row.getByText('$89.99')).toBeInTheDocument();
    expect(row.getByText('240')).toBeInTheDocument();
    expect(row.getByText('In the shop')).toBeInTheDocument();
    expect(row.getByText(tyre.sku)).toBeInTheDocument();
    expect(row.getByRole('link', { name: `Edit ${tyre.name}` })).toHaveAttribute(
      'href',
      `/dashboard/products/${tyre._id}`,
    );
    expect(row.getByRole('button', { name: `Restock ${tyre.name}` })).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Retire ${tyre.name}` })).toBeInTheDocument();
    const retired = within(rowOf(battery.name));
    expect(retired.getByText('Retired')).toBeInTheDocument();
    expect(retired.getByRole('button', { name: `Restore ${battery.name}` })).toBeInTheDocument();
    expect(api.lists()[0]!.search).toBe('?status=all&sort=name&limit=20&offset=0');
  });

  it('searches as the shop does, and narrows by status, in the URL', async () => {
    const { api, router } = renderTable([tyre, battery, ...filters]);
    await screen.findByRole('table', { name: 'Products' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'PowerCell');
    // The whole word searched: on a slow machine the typing can pause long enough for a search
    // of its first letters ('PowerC' finds the same row) to go first.
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=PowerCell');
      expect(api.lists().at(-1)!.search).toContain('q=PowerCell');
      expect(within(table()).getAllByRole('row')).toHaveLength(2);
    });
    expect(rowOf(battery.name)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'retired');
    expect(await screen.findByText('No product matches this search.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=PowerCell&status=retired');
  });

  it('pages through the products, 20 a page', async () => {
    const { api, router } = renderTable([tyre, battery, ...filters]);
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByText('Showing 1–20 of 27')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Product table pages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 21–27 of 27')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(8);
    expect(router.state.location.search).toBe('?page=2');
    expect(api.lists().at(-1)!.search).toContain('offset=20');
  });

  it('retires a product after a confirm, and restores it', async () => {
    const { api } = renderTable();
    await screen.findByRole('table', { name: 'Products' });
    await userEvent.click(within(rowOf(tyre.name)).getByRole('button', { name: /^Retire/ }));

    // Asked first, naming the product and what it means; Cancel does nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Retire this product?' });
    expect(dialog).toHaveTextContent(tyre.name);
    expect(dialog).toHaveTextContent('Orders already placed keep its name and price');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await userEvent.click(within(rowOf(tyre.name)).getByRole('button', { name: /^Retire/ }));
    dialog = await screen.findByRole('dialog', { name: 'Retire this product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await expectToast(`${tyre.name} is retired: the shop no longer sells it.`);
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/api/product/${tyre._id}/retire`,
        body: { version: 1 },
      }),
    ]);
    // The list is read again: the row says so and offers Restore.
    const restore = await within(table()).findByRole('button', { name: `Restore ${tyre.name}` });
    expect(within(rowOf(tyre.name)).getByText('Retired')).toBeInTheDocument();

    await userEvent.click(restore);
    await expectToast(`${tyre.name} is back in the shop.`);
    expect(api.writes().at(-1)).toMatchObject({
      path: `/api/product/${tyre._id}/restore`,
      body: { version: 2 },
    });
    expect(
      await within(table()).findByRole('button', { name: `Retire ${tyre.name}` }),
    ).toBeInTheDocument();
  });

  it('opens the Restock dialog of a row', async () => {
    renderTable();
    await screen.findByRole('table', { name: 'Products' });
    await userEvent.click(within(rowOf(battery.name)).getByRole('button', { name: /^Restock/ }));
    const dialog = await screen.findByRole('dialog', { name: `Restock ${battery.name}` });
    expect(within(dialog).getByText('In stock now: 38.')).toBeInTheDocument();
  });
});
