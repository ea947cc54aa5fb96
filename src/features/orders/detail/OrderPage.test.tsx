import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Order, OrderHistory } from '@contract/orders';
import { ROLE_PERMISSIONS, type Permission } from '@contract/staff';
import { orderPageCopy } from '../orderPageCopy';
import { apiError } from '../../../test/apiHandlers';
import { paidTyres } from '../../../test/orderFixtures';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { AdminOrderPage, MyOrderPage } from './OrderPages';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const shipment = {
  carrier: 'DHL',
  trackingNumber: 'JD0146 0000 6281',
  trackingUrl: 'https://www.dhl.com/track?id=JD01460000',
  shippedAt: ago(4),
  deliveredAt: null,
};
const shipped: Order = { ...paidTyres, status: 'shipped', shipment };
const delivered: Order = {
  ...paidTyres,
  status: 'delivered',
  shipment: { ...shipment, deliveredAt: ago(2) },
};

const history = (order: Order): OrderHistory => [
  {
    at: ago(6),
    action: 'placed',
    from: null,
    to: 'unpaid',
    by: 'shopper',
    byEmail: null,
    note: null,
    amount: null,
  },
  {
    at: ago(5),
    action: 'pay',
    from: 'unpaid',
    to: 'paid',
    by: 'shopper',
    byEmail: null,
    note: null,
    amount: 359.96,
  },
  ...(order.shipment
    ? [
        {
          at: ago(4),
          action: 'ship' as const,
          from: 'paid' as const,
          to: 'shipped' as const,
          by: 'admin' as const,
          byEmail: 'admin@store.test',
          note: null,
          amount: null,
        },
      ]
    : []),
];

/**
 * The API of one order: GET answers `order` as it is now, each POST is recorded with its
 * Idempotency-Key and answers `after` (or `answer`), which the next GET then reads.
 */
function orderApi(start: Order, answer?: () => Response) {
  const state = { order: start, loads: 0 };
  const posts: Array<{ action: string; key: string | null; body: unknown }> = [];
  let after: Order | null = null;
  server.use(
    http.get('/api/order/:id', () => {
      state.loads += 1;
      return HttpResponse.json(state.order);
    }),
    http.get('/api/order/:id/history', () => HttpResponse.json(history(state.order))),
    // The Refund dialog asks the server what is left (no discounts here) and how many units
    // can be returned (none here: amounts only).
    http.get('/api/order/:id/refund-preview', () => {
      const { price, quantity, refunded, refundPending } = state.order;
      const leftMinor = Math.round((price * quantity - refunded - refundPending) * 100);
      return HttpResponse.json({ quantity, unitsLeft: 0, leftMinor, units: 0, amountMinor: 0 });
    }),
    http.post('/api/order/:id/:action', async ({ request, params }) => {
      posts.push({
        action: params.action as string,
        key: request.headers.get('idempotency-key'),
        body: await request.json(),
      });
      if (answer) return answer();
      if (after) state.order = after;
      return HttpResponse.json(state.order);
    }),
    http.get('/api/order', () => HttpResponse.json([state.order])),
    http.get('/api/productDetails/:id', () => new HttpResponse(null, { status: 404 })),
  );
  return {
    state,
    posts,
    /** What the order is after the next POST. */
    becomes: (next: Order) => {
      after = next;
    },
    /** The order changed on the server meanwhile (another tab, an admin). */
    movedOn: (next: Order) => {
      state.order = next;
    },
  };
}

function renderOrder(path: string, admin = false, permissions: Permission[] = []) {
  return renderRoutes(
    withToasts([
      { path: '/dashboard/myorder/:id', element: <MyOrderPage /> },
      { path: '/dashboard/allOrders/:id', element: <AdminOrderPage /> },
    ]),
    path,
    {
      auth: signedInAuth(
        admin
          ? { admin: true, permissions, user: { email: 'admin@store.test', displayName: 'Admin' } }
          : {},
      ),
    },
  );
}

const actionsPanel = () => screen.getByRole('region', { name: 'What can be done' });
const actionButtons = () =>
  within(actionsPanel())
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the shopper’s order page', () => {
  it('shows the order, its shipment with a tracking link and its history; a delivered order offers Return only', async () => {
    orderApi(delivered);
    renderOrder(`/dashboard/myorder/${delivered._id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: `Order of ${delivered.ProductName}` }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('$359.96')).toBeInTheDocument();
    expect(within(details).getByText('$89.99')).toBeInTheDocument();
    expect(within(details).getByText(delivered.address)).toBeInTheDocument();
    expect(within(details).getByText('Delivered')).toBeInTheDocument();
    expect(document.title).toBe(`Order of ${delivered.ProductName} | Tyre & Auto Parts Store`);

    const parcel = screen.getByRole('region', { name: 'Shipment' });
    expect(within(parcel).getByText(shipment.trackingNumber)).toBeInTheDocument();
    const track = within(parcel).getByRole('link', { name: /Track the parcel/ });
    expect(track).toHaveAttribute('href', shipment.trackingUrl);
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');

    const timeline = within(screen.getByRole('region', { name: 'History' }));
    const steps = await timeline.findAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Order placed',
      'Paid · $359.96',
      'Shipped',
    ]);
    expect(steps[0]).toHaveTextContent('You');
    expect(steps[2]).toHaveTextContent('admin@store.test');

    expect(actionButtons()).toEqual(['Return']);
    expect(screen.getByRole('link', { name: '← Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    );
  });

  it('shows the shopper a refund under way beside what is refunded', async () => {
    orderApi({ ...delivered, refunded: 20, refundPending: 30 });
    renderOrder(`/dashboard/myorder/${delivered._id}`);
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Refunded so far').nextElementSibling).toHaveTextContent(
      '$20.00',
    );
    expect(within(details).getByText('Refund under way').nextElementSibling).toHaveTextContent(
      '$30.00',
    );
  });

  it('shows each promotion’s discount by its name, from the checkout as it was priced', async () => {
    const checkoutId = '0b8e3c52-7a4d-4f1e-9c3b-0000000009c1';
    // Four tyres at €100.00: 4 for 3 and a 10 % code take €130.00 off; delivery adds €6.95.
    const order: Order = {
      ...delivered,
      price: 100,
      currency: 'EUR',
      checkoutId,
      charges: -123.05,
    };
    orderApi(order);
    const line = (kind: string, label: string, amountMinor: number, orderId: string | null) => ({
      kind,
      taxKind: 'tyres',
      label,
      orderId,
      quantity: 1,
      unitMinor: amountMinor,
      amountMinor,
      taxRate: 19,
      taxMinor: 0,
    });
    server.use(
      // An order of a checkout also shows the checkout's fitting appointment: none here.
      http.get('/api/appointments', () => HttpResponse.json([])),
      http.get(`/api/checkout/${checkoutId}`, () =>
        HttpResponse.json({
          _id: checkoutId,
          pricing: {
            lines: [
              line('goods', order.ProductName, 40000, order._id),
              line('discount', '4 for 3 on winter tyres', -10000, order._id),
              line('discount', 'Flyer (FLYER10)', -3000, order._id),
              line('discount', 'Another order’s offer', -500, 'another-order'),
              line('delivery', 'Delivery', 695, order._id),
            ],
          },
        }),
      ),
    );
    renderOrder(`/dashboard/myorder/${order._id}`);
    const details = within(await screen.findByRole('region', { name: 'Order details' }));
    const shown = (term: string) => details.getByText(term).nextElementSibling;
    expect(await details.findByText('4 for 3 on winter tyres')).toBeInTheDocument();
    expect(shown('4 for 3 on winter tyres')).toHaveTextContent('−100,00 €');
    expect(shown('Flyer (FLYER10)')).toHaveTextContent('−30,00 €');
    expect(details.queryByText('Another order’s offer')).not.toBeInTheDocument();
    expect(shown('Services, fees and tax')).toHaveTextContent('6,95 €');
    expect(shown('Total')).toHaveTextContent('276,95 €');
  });

  it('says nothing of refunds under way when there are none', async () => {
    orderApi(delivered);
    renderOrder(`/dashboard/myorder/${delivered._id}`);
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).queryByText('Refund under way')).not.toBeInTheDocument();
  });

  it('asks for a return with a reason, required before anything is sent, once per submission', async () => {
    const api = orderApi(delivered);
    api.becomes({ ...delivered, status: 'return_requested' });
    renderOrder(`/dashboard/myorder/${delivered._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: 'Return this order' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for a return' }));
    expect(
      await within(dialog).findByText('Say why you are returning the order.'),
    ).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await userEvent.type(
      within(dialog).getByLabelText('Reason for the return'),
      '  One tyre has a cut sidewall ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for a return' }));
    await expectToast('Your return is asked for. We will tell you once it is back with us.');
    expect(api.posts).toEqual([
      {
        action: 'return',
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
        body: { reason: 'One tyre has a cut sidewall' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The page reads the order again: the return is asked, nothing more to do.
    await waitFor(() =>
      expect(
        within(actionsPanel()).getByText('Nothing can be done to this order now.'),
      ).toBeInTheDocument(),
    );
    expect(screen.getAllByText('Return requested').length).toBeGreaterThan(0);
  });

  it('cancels a paid order not shipped yet after a confirm, saying it is refunded in full', async () => {
    const api = orderApi(paidTyres);
    api.becomes({ ...paidTyres, status: 'cancelled', refunded: 359.96 });
    renderOrder(`/dashboard/myorder/${paidTyres._id}`);
    await screen.findByRole('heading', { level: 1 });
    expect(actionButtons()).toEqual(['Cancel order']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('$359.96 is refunded to the card it was paid with');

    // Keep the order: nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    await expectToast('The order is cancelled.');
    expect(api.posts).toEqual([{ action: 'cancel', key: expect.any(String), body: {} }]);
    const details = screen.getByRole('region', { name: 'Order details' });
    await waitFor(() => expect(within(details).getByText('Cancelled')).toBeInTheDocument());
    expect(within(details).getAllByText('$359.96').length).toBe(2); // the total, and refunded so far
  });

  it('shows a 409 in the API’s words and reads the order again', async () => {
    const refusal = 'This order has shipped: ask for a return instead.';
    const api = orderApi(paidTyres, () => apiError(409, refusal));
    renderOrder(`/dashboard/myorder/${paidTyres._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    api.movedOn(shipped);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    await expectToast(refusal);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(actionButtons()).toEqual([]));
    expect(api.state.loads).toBe(2);
  });
});

describe('the admins’ order page', () => {
  it.each([
    ['support', ROLE_PERMISSIONS.support, []],
    ['orders', ROLE_PERMISSIONS.orders, ['Ship']],
    ['refunds', ROLE_PERMISSIONS.refunds, ['Cancel order', 'Refund']],
    ['admin', ROLE_PERMISSIONS.admin, ['Ship', 'Cancel order', 'Refund']],
  ] as const)(
    'offers the %s role only the actions its permissions allow',
    async (_role, permissions, buttons) => {
      orderApi(paidTyres);
      renderOrder(`/dashboard/allOrders/${paidTyres._id}`, true, [...permissions]);
      await screen.findByRole('heading', { level: 1 });
      expect(actionButtons()).toEqual(buttons);
      if (buttons.length === 0) {
        expect(actionsPanel()).toHaveTextContent(orderPageCopy.actions.none);
      }
    },
  );

  it('offers Ship, Cancel and Refund for a paid order; ships with a tracking number checked before sending', async () => {
    const api = orderApi(paidTyres);
    api.becomes(shipped);
    renderOrder(`/dashboard/allOrders/${paidTyres._id}`, true);
    await screen.findByRole('heading', { level: 1 });
    expect(actionButtons()).toEqual(['Ship', 'Cancel order', 'Refund']);
    expect(screen.getByRole('region', { name: 'Order details' })).toHaveTextContent(
      paidTyres.email,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship this order' });
    await userEvent.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'AB1');
    await userEvent.type(within(dialog).getByLabelText('Tracking link (optional)'), 'dhl.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(
      await within(dialog).findByText(/^Tracking number must be 5 to 40 letters and digits/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^Tracking link must be a web address/)).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Tracking number'));
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'JD0146 0000 6281');
    await userEvent.clear(within(dialog).getByLabelText('Tracking link (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await expectToast('The order is shipped.');
    expect(api.posts).toEqual([
      {
        action: 'ship',
        key: expect.any(String),
        body: { carrier: 'DHL', trackingNumber: 'JD0146 0000 6281' },
      },
    ]);
    await waitFor(() => expect(actionButtons()).toEqual(['Mark delivered', 'Refund']));
    expect(screen.getByRole('link', { name: '← Back to All Orders' })).toHaveAttribute(
      'href',
      '/dashboard/allOrders',
    );
  });

  it('refunds no more than is left, with a reason, and shows a refusal about a field under it', async () => {
    const partly = { ...shipped, refunded: 300 };
    const api = orderApi(partly, () =>
      apiError(400, 'Reason must be at most 500 characters.', 'reason'),
    );
    renderOrder(`/dashboard/allOrders/${partly._id}`, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    expect(await within(dialog).findByText('Up to $59.96 is left to refund.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Amount can be at most $59.96: what is left to refund.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Amount in dollars'));
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '12.505');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Amount must be in whole cents, like 12.50.'),
    ).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Amount in dollars'));
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '12.5');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Reason must be at most 500 characters.'),
    ).toBeInTheDocument();
    expect(api.posts).toEqual([
      {
        action: 'refund',
        key: expect.any(String),
        body: { amount: 12.5, reason: 'Delivered late' },
      },
    ]);
    // Still open, nothing said in a schema's words.
    expect(dialog).not.toHaveTextContent(/body\.|must be a `number`/);
  });

  it('offers no more than is left beside a refund under way, and says it is under way', async () => {
    // $100 refunded, $50 taken by the provider and not made yet: $209.96 of $359.96 is left.
    const underWay: Order = { ...shipped, refunded: 100, refundPending: 50 };
    const api = orderApi(underWay);
    renderOrder(`/dashboard/allOrders/${underWay._id}`, true);
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Refund under way').nextElementSibling).toHaveTextContent(
      '$50.00',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    // What is left is the server's answer: the dialog waits for it.
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Up to $209.96 is left to refund. A refund of $50.00 is already under way and is not offered again.',
      ),
    );
    const amount = within(dialog).getByLabelText('Amount in dollars');
    expect(amount).toHaveAttribute('max', '209.96');
    await userEvent.type(amount, '209.97');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Amount can be at most $209.96: what is left to refund.'),
    ).toBeInTheDocument();
    expect(api.posts).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '209.96');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]?.body).toEqual({ amount: 209.96, reason: 'Delivered late' });
  });

  it('offers no Refund while all that is not refunded is under way', async () => {
    orderApi({ ...shipped, refunded: 300, refundPending: 59.96 });
    renderOrder(`/dashboard/allOrders/${shipped._id}`, true);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(actionButtons()).toEqual(['Mark delivered']));
  });

  it('shows a refund that failed in the history, with why, and offers Refund again', async () => {
    // $50 was refunded, then the card's bank sent it back: the order counts nothing refunded.
    orderApi(shipped);
    server.use(
      http.get('/api/order/:id/history', () =>
        HttpResponse.json([
          ...history(shipped),
          {
            at: ago(3),
            action: 'refund',
            from: 'shipped',
            to: 'shipped',
            by: 'admin',
            byEmail: 'admin@store.test',
            note: 'Delivered late',
            amount: 50,
          },
          {
            at: ago(1),
            action: 'refundFailed',
            from: 'shipped',
            to: 'shipped',
            by: 'store',
            byEmail: null,
            note: 'Nothing was given back: the card it was going back to has expired or was closed.',
            amount: 50,
          },
        ] satisfies OrderHistory),
      ),
    );
    renderOrder(`/dashboard/allOrders/${shipped._id}`, true);
    const timeline = within(await screen.findByRole('region', { name: 'History' }));
    const steps = await timeline.findAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Order placed',
      'Paid · $359.96',
      'Shipped',
      'Refunded · $50.00',
      'Refund failed · $50.00',
    ]);
    expect(steps[4]).toHaveTextContent('Store');
    expect(steps[4]).toHaveTextContent(
      'Nothing was given back: the card it was going back to has expired or was closed.',
    );
    expect(actionButtons()).toEqual(['Mark delivered', 'Refund']);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    // What is left comes from the server's preview.
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    await waitFor(() => expect(dialog).toHaveTextContent('Up to $359.96 is left to refund.'));
  });

  it('says a refund the payment provider has not made yet is under way, not refunded', async () => {
    // The provider answers pending: the order comes back with nothing more refunded yet.
    const api = orderApi(shipped);
    renderOrder(`/dashboard/allOrders/${shipped._id}`, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '50');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast(
      'The refund of $50.00 is under way: it shows on the order once the payment provider confirms it.',
    );
    expect(api.posts).toHaveLength(1);
  });

  it('says Refunded once the refund counts on the order', async () => {
    const api = orderApi(shipped);
    api.becomes({ ...shipped, refunded: 50 });
    renderOrder(`/dashboard/allOrders/${shipped._id}`, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    await userEvent.type(within(dialog).getByLabelText('Amount in dollars'), '50');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Refunded $50.00.');
  });

  it('receives a return with Restock ticked', async () => {
    const asked: Order = { ...delivered, status: 'return_requested' };
    const api = orderApi(asked);
    api.becomes({ ...asked, status: 'returned', refunded: 359.96 });
    renderOrder(`/dashboard/allOrders/${asked._id}`, true);
    await screen.findByRole('heading', { level: 1 });
    expect(actionButtons()).toEqual(['Receive return', 'Refund']);
    await userEvent.click(screen.getByRole('button', { name: 'Receive return' }));
    const dialog = screen.getByRole('dialog', { name: 'Receive this return?' });
    expect(dialog).toHaveTextContent('$359.96 is refunded');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Restock: put the units back on sale' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive return' }));
    await expectToast('The return is received.');
    expect(api.posts).toEqual([
      { action: 'return', key: expect.any(String), body: { received: true, restock: true } },
    ]);
    await waitFor(() => expect(actionButtons()).toEqual([]));
  });
});
