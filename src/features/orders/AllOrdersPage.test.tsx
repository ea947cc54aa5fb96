import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Order } from '@contract/orders';
import { otherShoppersOrder, paidTyres, unpaidBattery } from '../../test/orderFixtures';
import { allOrdersColumns } from '../../test/orderColumns';
import { renderPage, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { AllOrdersPage } from './AllOrdersPage';

/** The orders API answering `orders` with `total` in X-Total-Count; records each query. */
function ordersApi(orders: Order[], total = orders.length) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/order', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(orders, { headers: { 'X-Total-Count': String(total) } });
    }),
  );
  return asked;
}

const render = (path = '/dashboard/allOrders') =>
  renderPage(<AllOrdersPage />, path, { auth: signedInAuth({ admin: true }) });

describe('All Orders (admin)', () => {
  it('lists a page of orders in the spec’s columns, with Pay or paid, a status and a link', async () => {
    const asked = ordersApi([otherShoppersOrder, paidTyres]);
    const { router } = render();
    const table = await screen.findByRole('table', { name: 'All Orders' });
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '1', perPage: '20' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(allOrdersColumns);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(
      [
        '1',
        otherShoppersOrder.ProductName,
        'tomasz@example.com',
        '$129.99',
        '+48 58 555 0100',
        '2',
        'Delivery',
        'Pay',
      ].join(''),
    );
    expect(within(first!).getByRole('cell', { name: 'Awaiting payment' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${otherShoppersOrder._id}`,
    );
    expect(within(second!).getByText('paid')).toBeInTheDocument();
    expect(within(second!).getByText(paidTyres.transactionId!)).toBeInTheDocument();
    expect(within(second!).getByRole('cell', { name: 'Paid' })).toBeInTheDocument();
    const details = within(second!).getByRole('link', { name: 'Details' });
    expect(details).toHaveAccessibleDescription(paidTyres.ProductName);
    await userEvent.click(details);
    expect(router.state.location.pathname).toBe(`/dashboard/allOrders/${paidTyres._id}`);
    expect(document.title).toBe('All Orders | Tyre & Auto Parts Store');
  });

  it('filters by status in words, and keeps the filter in the address', async () => {
    const asked = ordersApi([paidTyres]);
    const { router } = render();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All statuses',
      'Awaiting payment',
      'Paid',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Expired',
      'Return requested',
      'Returned',
    ]);
    await userEvent.selectOptions(status, 'Return requested');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('return_requested'));
    expect(router.state.location.search).toBe('?status=return_requested');
  });

  it('searches after a pause in typing, and puts the search in the address', async () => {
    const asked = ordersApi([otherShoppersOrder]);
    const { router } = render();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search orders' }), 'tomasz');
    await waitFor(() => expect(router.state.location.search).toBe('?q=tomasz'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('tomasz'));
    // Debounced: not a request per letter.
    expect(asked.filter((params) => params.has('q')).map((params) => params.get('q'))).toEqual([
      'tomasz',
    ]);
  });

  it('opens with the search and page the address says', async () => {
    const asked = ordersApi([paidTyres], 45);
    render('/dashboard/allOrders?q=tyre&status=paid&page=2');
    expect(await screen.findByRole('searchbox', { name: 'Search orders' })).toHaveValue('tyre');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
    expect(await screen.findByText('Showing 21–21 of 45')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({
      status: 'paid',
      q: 'tyre',
      page: '2',
      perPage: '20',
    });
    const pages = screen.getByRole('navigation', { name: 'All Orders pages' });
    expect(within(pages).getByRole('link', { name: /3/ })).toHaveAttribute(
      'href',
      '/dashboard/allOrders?q=tyre&status=paid&page=3',
    );
  });

  it('says so when nothing matches the search', async () => {
    ordersApi([]);
    render('/dashboard/allOrders?q=nobody');
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
  });

  it('shows nothing to pay for an order without a price', async () => {
    ordersApi([{ ...unpaidBattery, price: 0 }]);
    render();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(row).getByLabelText('Nothing to pay')).toBeInTheDocument();
  });

  it('says so when no order was placed yet', async () => {
    ordersApi([]);
    render();
    expect(await screen.findByText('No orders have been placed yet.')).toBeInTheDocument();
  });
});
