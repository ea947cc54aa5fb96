import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EmailSummary } from '@contract/emails';
import type { Overview, QueuedOrder } from '@contract/overview';
import { routes } from '../../../app/routes';
import { configHandler } from '../../../test/apiHandlers';
import { battery } from '../../../test/fixtures';
import { otherShoppersOrder, paidTyres } from '../../../test/orderFixtures';
import { renderPage, renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { OverviewPage } from './OverviewPage';

const queued = (order: typeof paidTyres, paidAt: string | null): QueuedOrder => ({
  ...order,
  paidAt,
});

/** 30 days up to 26 November: nothing, then a refund-only day and two days of sales. */
function revenue(): Overview['revenue'] {
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10),
    paid: 0,
    refunded: 0,
  }));
  days[27] = { ...days[27]!, refunded: 20 };
  days[28] = { ...days[28]!, paid: 359.96 };
  days[29] = { ...days[29]!, paid: 100.1, refunded: 0.2 };
  return days;
}

const overview: Overview = {
  toShip: [
    queued({ ...paidTyres, fitting: '2026-12-01' }, '2026-11-24T09:30:00.000Z'),
    queued({ ...otherShoppersOrder, paid: true, status: 'paid' }, '2026-11-25T16:05:00.000Z'),
  ],
  toShipCount: 57,
  returnsWaiting: [],
  returnsWaitingCount: 0,
  revenue: revenue(),
  lowStock: [{ _id: battery._id, name: battery.name, availablequantity: 3 }],
};

const admin = { auth: signedInAuth({ admin: true }) };

const failedEmail = (id: string, over: Partial<EmailSummary> = {}): EmailSummary => ({
  id,
  kind: 'order_confirmation',
  orderId: paidTyres._id,
  recipient: 'shopper@store.test',
  subject: 'Your order of 4 tyres is confirmed',
  status: 'failed',
  attempts: 1,
  lastError: '550 5.1.1 No such mailbox',
  createdAt: '2026-11-25T10:15:00.000Z',
  sentAt: null,
  ...over,
});

const failed = [
  failedEmail('7b0c1f52-3f5e-4a52-9d0b-6a1c0c0e0001'),
  failedEmail('7b0c1f52-3f5e-4a52-9d0b-6a1c0c0e0002', {
    kind: 'admin_to_ship',
    recipient: 'admin@store.test',
    subject: 'Paid order to ship: 4 tyres, $199.96',
    attempts: 20,
    lastError: 'gave up after 20 attempts: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587',
    createdAt: '2026-11-24T08:00:00.000Z',
  }),
];

beforeEach(() =>
  server.use(
    http.get('/api/admin/overview', () => HttpResponse.json(overview)),
    http.get('/api/admin/emails', () =>
      HttpResponse.json([], { headers: { 'x-total-count': '0' } }),
    ),
  ),
);

it('puts the work queue first: the count, and each order oldest first with its page', async () => {
  renderPage(<OverviewPage />, '/dashboard/overview', admin);
  const queue = await screen.findByRole('region', { name: 'To ship' });
  expect(within(queue).getByText('57 orders')).toBeInTheDocument();
  expect(within(queue).getByText('The oldest 2 of 57.')).toBeInTheDocument();
  const table = within(queue).getByRole('table', { name: 'Orders to ship, oldest payment first' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Product', 'Quantity', 'Buyer', 'Paid', 'Delivery or fitting']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(within(first!).getByRole('link', { name: paidTyres.ProductName })).toHaveAttribute(
    'href',
    `/dashboard/allOrders/${paidTyres._id}`,
  );
  expect(first).toHaveTextContent('4');
  expect(first).toHaveTextContent('Demo Shopper (shopper@store.test)');
  expect(first).toHaveTextContent(/24 Nov/);
  expect(first).toHaveTextContent('Fitting on Tue 1 Dec');
  expect(second).toHaveTextContent('Tomasz W. (tomasz@example.com)');
  expect(second).toHaveTextContent('Delivery');
  expect(within(queue).getByRole('link', { name: 'See every paid order' })).toHaveAttribute(
    'href',
    '/dashboard/allOrders?status=paid',
  );
  expect(document.title).toBe('Overview | Tyre & Auto Parts Store');
});

it('says the revenue in words: 30 days and today, and each day less its refunds', async () => {
  renderPage(<OverviewPage />, '/dashboard/overview', admin);
  const section = await screen.findByRole('region', { name: 'Revenue, last 30 days' });
  // 359.96 + 100.10 - 0.20 - 20.00, in whole cents.
  expect(within(section).getByText('Last 30 days').nextSibling).toHaveTextContent('$439.86');
  expect(within(section).getByText('Today').nextSibling).toHaveTextContent('$99.90');
  const table = within(section).getByRole('table', { name: 'Revenue per day, last 30 days' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(31);
  expect(rows.at(-1)).toHaveTextContent('26 Nov$100.10$0.20$99.90');
  expect(rows.at(-3)).toHaveTextContent('24 Nov$0.00$20.00-$20.00');
});

it('lists returns waiting, or says there are none, and what runs out', async () => {
  renderPage(<OverviewPage />, '/dashboard/overview', admin);
  const returns = await screen.findByRole('region', { name: 'Returns waiting' });
  expect(within(returns).getByText('0 returns')).toBeInTheDocument();
  expect(within(returns).getByText('No return is on its way back.')).toBeInTheDocument();
  const low = screen.getByRole('region', { name: 'Low in stock' });
  const row = within(low).getAllByRole('row')[1]!;
  expect(within(row).getByRole('link', { name: battery.name })).toHaveAttribute(
    'href',
    `/dashboard/products/${battery._id}`,
  );
  expect(row).toHaveTextContent('3');
});

it('is the first of the admin pages in the sidebar, through the app’s routes', async () => {
  server.use(configHandler());
  renderRoutes(routes, '/dashboard/overview', admin);
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  const links = within(screen.getByRole('navigation', { name: 'Dashboard' })).getAllByRole('link');
  expect(links.map((link) => link.textContent).slice(0, 3)).toEqual([
    'Profile',
    'Overview',
    'Products',
  ]);
  expect(links[1]).toHaveClass('active');
});

it('lists the emails not sent, newest first, and sends one again with Retry', async () => {
  let asked: URL | null = null;
  let list = failed;
  const retried: string[] = [];
  server.use(
    http.get('/api/admin/emails', ({ request }) => {
      asked = new URL(request.url);
      return HttpResponse.json(list, { headers: { 'x-total-count': String(list.length + 10) } });
    }),
    http.post('/api/admin/emails/:id/retry', ({ params }) => {
      retried.push(String(params.id));
      const email = list.find((e) => e.id === params.id)!;
      list = list.filter((e) => e.id !== params.id);
      return HttpResponse.json({ ...email, status: 'queued', attempts: 0 });
    }),
  );
  renderPage(<OverviewPage />, '/dashboard/overview', admin);
  const section = await screen.findByRole('region', { name: 'Emails not sent' });
  expect(await within(section).findByText('12 emails')).toBeInTheDocument();
  expect(asked!.searchParams.get('status')).toBe('failed');
  expect(asked!.searchParams.get('perPage')).toBe('5');
  const table = within(section).getByRole('table', {
    name: 'Emails the store gave up sending, newest first',
  });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Recipient', 'Subject', 'Why', 'When', 'Action']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(first).toHaveTextContent('shopper@store.test');
  expect(first).toHaveTextContent('Your order of 4 tyres is confirmed');
  expect(first).toHaveTextContent('550 5.1.1 No such mailbox');
  expect(first).toHaveTextContent(/25 Nov/);
  expect(second).toHaveTextContent('gave up after 20 attempts');
  expect(within(section).getByText('The newest 2 of 12.')).toBeInTheDocument();

  await userEvent.click(
    within(first!).getByRole('button', {
      name: 'Retry “Your order of 4 tyres is confirmed” to shopper@store.test',
    }),
  );
  expect(retried).toEqual([failed[0]!.id]);
  expect(await within(section).findByText('11 emails')).toBeInTheDocument();
  expect(within(section).queryByText('550 5.1.1 No such mailbox')).not.toBeInTheDocument();
});

it('says when every email went out', async () => {
  renderPage(<OverviewPage />, '/dashboard/overview', admin);
  const section = await screen.findByRole('region', { name: 'Emails not sent' });
  expect(await within(section).findByText('Every email went out.')).toBeInTheDocument();
  expect(within(section).getByText('0 emails')).toBeInTheDocument();
});
