import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { checkoutCopy } from '@contract/checkoutCopy';
import { api } from '../../store/api';
import { battery } from '../../test/fixtures';
import { paidTyres, unpaidBattery } from '../../test/orderFixtures';
import { PAID_NOT_DELETABLE } from './MyOrdersPage';
import { renderPage, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { MyOrdersPage } from './MyOrdersPage';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .concat(within(row).getAllByRole('rowheader'))
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

describe('My Orders', () => {
  it('lists the signed-in shopper’s orders in the spec’s columns', async () => {
    let asked: string | null = null;
    server.use(
      http.get('/api/order', ({ request }) => {
        asked = new URL(request.url).searchParams.get('email');
        return HttpResponse.json([unpaidBattery, paidTyres]);
      }),
    );
    renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });

    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(asked).toBe('shopper@store.test');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'SL',
      'Product Name',
      'Quantity',
      'Delete',
      'Delivery or fitting',
      'Payment',
      // The store's own (issue 30): the status as a word.
      'Status',
    ]);
    const [, first, second] = within(table).getAllByRole('row');

    const unpaid = cells(first!);
    expect(unpaid.map((cell) => cell.textContent)).toEqual([
      '1',
      battery.name,
      '1',
      'DELETE ORDER',
      'Delivery',
      expect.stringMatching(/^PayPay by \d\d:\d\d/),
      'Awaiting payment',
    ]);
    // The product's name opens the order's own page.
    expect(within(first!).getByRole('link', { name: battery.name })).toHaveAttribute(
      'href',
      `/dashboard/myorder/${unpaidBattery._id}`,
    );
    const pay = within(first!).getByRole('link', { name: 'Pay' });
    expect(pay).toHaveAttribute('href', `/dashboard/payment/${unpaidBattery._id}`);
    expect(pay).toHaveAccessibleDescription(battery.name);
    expect(
      within(first!).getByRole('button', { name: 'DELETE ORDER' }),
    ).toHaveAccessibleDescription(battery.name);

    const paid = within(second!);
    expect(paid.getByText('2')).toBeInTheDocument();
    expect(paid.getByText('paid')).toBeInTheDocument();
    expect(paid.getByText('pi_local_paid0000000000000000')).toBeInTheDocument();
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    // A paid order cannot be deleted: the button is there, disabled, with the reason.
    const deletePaid = paid.getByRole('button', { name: 'DELETE ORDER' });
    expect(deletePaid).toBeDisabled();
    expect(deletePaid).toHaveAccessibleDescription(expect.stringContaining(PAID_NOT_DELETABLE));
    expect(within(first!).getByRole('button', { name: 'DELETE ORDER' })).toBeEnabled();
    expect(document.title).toBe('My Orders | Tyre & Auto Parts Store');
  });

  it('shows an unpaid order past its stock hold as expired, with no Pay', async () => {
    const expired = { ...unpaidBattery, expiresAt: '2020-01-01T00:00:00.000Z', expired: true };
    // Held until a moment ago: the page knows it expired before the server is asked again.
    const lapsed = {
      ...unpaidBattery,
      _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000699',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    };
    server.use(http.get('/api/order', () => HttpResponse.json([expired, lapsed])));
    renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });
    const table = await screen.findByRole('table', { name: 'My Orders' });
    const [, first, second] = within(table).getAllByRole('row');
    for (const row of [first!, second!]) {
      expect(within(row).getByText('expired')).toBeInTheDocument();
      expect(within(row).getByText(/stock went back on sale/)).toBeInTheDocument();
      expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'DELETE ORDER' })).toBeEnabled();
    }
  });

  it('says so when there are no orders, with a way to the shop', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json([])));
    renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  });

  it('says when the orders cannot be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/order', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: 'Too Many Requests', message: 'Please wait a moment.' },
              { status: 429 },
            )
          : HttpResponse.json([unpaidBattery]);
      }),
    );
    renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your orders');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: battery.name })).toBeInTheDocument();
  });

  it('deletes through the confirm modal; the list and the product’s stock refetch', async () => {
    const held = [unpaidBattery, paidTyres];
    let productLoads = 0;
    server.use(
      http.get('/api/order', () => HttpResponse.json(held)),
      http.delete('/api/order/:id', ({ params }) => {
        expect(params.id).toBe(unpaidBattery._id);
        held.splice(0, 1);
        return HttpResponse.json({ deletedCount: 1 });
      }),
      http.get('/api/productDetails/:id', () => {
        productLoads += 1;
        return HttpResponse.json(battery);
      }),
    );
    const { store } = renderPage(<MyOrdersPage />, '/dashboard/myorder', {
      auth: signedInAuth(),
    });
    // The product page of the battery is in the cache (as after visiting it).
    const product = store.dispatch(api.endpoints.getProduct.initiate(battery._id));
    await waitFor(() => expect(productLoads).toBe(1));

    const row = await screen.findByRole('row', { name: new RegExp(battery.name) });
    await userEvent.click(within(row).getByRole('button', { name: 'DELETE ORDER' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this order?' });
    expect(dialog).toHaveTextContent(`Your order of 1 × ${battery.name} will be deleted`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: battery.name })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: paidTyres.ProductName })).toBeInTheDocument();
    await waitFor(() => expect(productLoads).toBe(2));
    product.unsubscribe();
  });
  it('shows delivery or the fitting day, pays a checkout’s orders together, and says which were paid together', async () => {
    const checkoutId = '5e0c7a1b-3d2f-4e6a-8b9c-000000000701';
    const fitted = { ...unpaidBattery, checkoutId, fitting: '2026-12-01' };
    const alsoFitted = { ...fitted, _id: `${unpaidBattery._id.slice(0, -3)}999` };
    const paidTogether = { ...paidTyres, checkoutId: 'c2', fitting: null };
    const paidAlso = { ...paidTogether, _id: `${paidTyres._id.slice(0, -3)}998` };
    server.use(
      http.get('/api/order', () => HttpResponse.json([fitted, alsoFitted, paidTogether, paidAlso])),
    );
    renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const [, first, , third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Fitting on Tue 1 Dec')).toBeInTheDocument();
    // One payment for the checkout's total, not one per order.
    expect(within(first!).getByRole('link', { name: 'Pay all 2 together' })).toHaveAttribute(
      'href',
      `/checkout/${checkoutId}/pay`,
    );
    expect(within(first!).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    // Its orders stay together while it can be paid: DELETE ORDER says why it waits.
    expect(within(first!).getByRole('button', { name: 'DELETE ORDER' })).toBeDisabled();
    expect(
      within(first!).getByRole('button', { name: 'DELETE ORDER' }),
    ).toHaveAccessibleDescription(`${fitted.ProductName} ${checkoutCopy.orderTables.keptTogether}`);
    expect(within(third!).getByText('Delivery')).toBeInTheDocument();
    expect(within(third!).getByText('Paid together with 1 other order')).toBeInTheDocument();
  });
});
