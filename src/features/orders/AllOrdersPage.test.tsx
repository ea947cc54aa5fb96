import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { otherShoppersOrder, paidTyres, unpaidBattery } from '../../test/orderFixtures';
import { renderPage, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { AllOrdersPage } from './AllOrdersPage';

describe('All Orders (admin)', () => {
  it('lists every order in the spec’s columns, with Pay or paid', async () => {
    let query: string | null = 'not asked';
    server.use(
      http.get('/api/order', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([otherShoppersOrder, paidTyres]);
      }),
    );
    renderPage(<AllOrdersPage />, '/dashboard/allOrders', { auth: signedInAuth({ admin: true }) });
    const table = await screen.findByRole('table', { name: 'All Orders' });
    expect(query).toBe('');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'SL',
      'ProductName',
      'Email',
      'Price',
      'Number',
      'Quantity',
      // Issue 29: how the order reaches the shopper, beside the spec's columns.
      'Delivery or fitting',
      'Payment',
    ]);
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
    expect(within(first!).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${otherShoppersOrder._id}`,
    );
    expect(within(second!).getByText('paid')).toBeInTheDocument();
    expect(within(second!).getByText(paidTyres.transactionId!)).toBeInTheDocument();
    expect(document.title).toBe('All Orders | Tyre & Auto Parts Store');
  });

  it('shows nothing to pay for an order without a price', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json([{ ...unpaidBattery, price: 0 }])));
    renderPage(<AllOrdersPage />, '/dashboard/allOrders', { auth: signedInAuth({ admin: true }) });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(row).getByLabelText('Nothing to pay')).toBeInTheDocument();
  });

  it('says so when no order was placed yet', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json([])));
    renderPage(<AllOrdersPage />, '/dashboard/allOrders', { auth: signedInAuth({ admin: true }) });
    expect(await screen.findByText('No orders have been placed yet.')).toBeInTheDocument();
  });
});
