import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FittingDay } from '@contract/fitting';
import { PHONE_PROBLEM } from '@contract/limits';
import { copy } from '@contract/copy';
import { profile } from '../../../test/fixtures';
import { paidTyres } from '../../../test/orderFixtures';
import {
  checkoutSecret,
  checkoutTransactionId,
  modelBag,
  paidCheckout,
  placedCheckout,
} from '../../../test/machines/bagCheckout.model';
import { apiRefusal, PendingResponses } from '../../../test/pendingResponses';
import { renderPage, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { localGateway } from '../payment/gateway';
import { CheckoutFlow } from './CheckoutFlow';

/** Tuesday 1 December open, Wednesday full, Sundays closed (every Sunday at 0). */
const fittingDays: FittingDay[] = [
  { date: '2026-11-29', weekday: 0, places: 0 },
  { date: '2026-11-30', weekday: 1, places: 4 },
  { date: '2026-12-01', weekday: 2, places: 1 },
  { date: '2026-12-02', weekday: 3, places: 0 },
  { date: '2026-12-06', weekday: 0, places: 0 },
  { date: '2026-12-09', weekday: 3, places: 2 },
];

/** The store's calls around the form; `POST /checkout` records what it was sent. */
function storeApi({
  profileAnswer = () => HttpResponse.json({ message: 'No profile' }, { status: 404 }),
  orders = [],
}: { profileAnswer?: () => Response | Promise<Response>; orders?: unknown[] } = {}) {
  const placed: unknown[] = [];
  server.use(
    http.get('/api/bag', () => HttpResponse.json(modelBag)),
    http.get('/api/profile', profileAnswer),
    http.get('/api/order', () => HttpResponse.json(orders)),
    http.get('/api/fitting-days', () => HttpResponse.json(fittingDays)),
    http.post('/api/checkout', async ({ request }) => {
      placed.push(await request.json());
      return HttpResponse.json(placedCheckout, { status: 201 });
    }),
    http.post('/api/create-Payment-Intent', () =>
      HttpResponse.json({ clientSecret: checkoutSecret }),
    ),
  );
  return { placed };
}

function renderCheckout() {
  const user = userEvent.setup();
  renderPage(<CheckoutFlow checkoutId={null} gateway={localGateway} />, '/checkout', {
    auth: signedInAuth(),
  });
  return user;
}

const field = (label: string) => screen.findByLabelText(label);

async function typeInto(user: UserEvent, label: string, value: string) {
  const input = await field(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

async function fillDelivery(user: UserEvent) {
  await typeInto(user, 'Name', 'Demo Shopper');
  await typeInto(user, 'Address', '12 Foundry Lane, Leeds');
  await typeInto(user, 'Phone Number', '0113 496 0000');
}

describe('checkout of the bag: the details form', () => {
  it('says what is missing or wrong, in the order modal’s words, and sends nothing', async () => {
    const { placed } = storeApi();
    const user = renderCheckout();
    expect(await screen.findByRole('region', { name: 'Your bag' })).toHaveTextContent('$449.95');
    // The account's name arrives first; the shopper clears it.
    await waitFor(async () => expect(await field('Name')).toHaveValue('Demo Shopper'));
    await typeInto(user, 'Name', '');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText(copy.order.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.order.phoneRequired)).toBeInTheDocument();
    await waitFor(async () => expect(await field('Name')).toHaveFocus());

    await typeInto(user, 'Phone Number', '12');
    await user.tab();
    expect(await screen.findByText(`Phone Number ${PHONE_PROBLEM}.`)).toBeInTheDocument();
    expect(placed).toHaveLength(0);
  });

  it('fills name and address from the profile and the phone from the last order, never over what was typed', async () => {
    const profileAnswers = new PendingResponses();
    storeApi({ profileAnswer: profileAnswers.next, orders: [paidTyres] });
    const user = renderCheckout();
    // The shopper types an address before the profile answers.
    await typeInto(user, 'Address', 'Typed Street 1');
    await waitFor(() => expect(profileAnswers.received).toBe(1));
    profileAnswers.respond(
      HttpResponse.json({ ...profile, name: 'Maria K.', Address: 'Profile Road 9' }),
    );

    await waitFor(async () => expect(await field('Name')).toHaveValue('Maria K.'));
    expect(await field('Phone Number')).toHaveValue(paidTyres.number);
    expect(await field('Address')).toHaveValue('Typed Street 1');
    expect(screen.getByText(/Filled in from your profile or your last order/)).toBeInTheDocument();
  });
});

describe('checkout of the bag: fitting at the shop', () => {
  it('lists the next days, full and closed ones not choosable with why, and sends the chosen day', async () => {
    const { placed } = storeApi();
    const user = renderCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('radio', { name: 'Fitting at our shop' }));

    const days = within(await screen.findByRole('group', { name: 'Fitting day' }));
    const day = (name: RegExp) => days.getByRole('radio', { name });
    expect(day(/Tue 1 Dec/)).toBeEnabled();
    expect(days.getByText('1 place left')).toBeInTheDocument();
    expect(day(/Wed 2 Dec/)).toBeDisabled();
    expect(days.getByText('Fully booked')).toBeInTheDocument();
    expect(day(/Sun 29 Nov/)).toBeDisabled();
    expect(days.getAllByText('No fittings on Sundays')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose a day for the fitting')).toBeInTheDocument();
    expect(placed).toHaveLength(0);

    await user.click(day(/Tue 1 Dec/));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      name: 'Demo Shopper',
      address: '12 Foundry Lane, Leeds',
      number: '0113 496 0000',
      fitting: '2026-12-01',
    });
    // Placed: on to the one card payment.
    expect(
      await screen.findByRole('heading', { name: 'One card payment for all your orders' }),
    ).toBeInTheDocument();
  });
});

describe('checkout of the bag: refusals and the card', () => {
  it('shows the API’s 409 sentence with a way back to the bag, and keeps the form', async () => {
    storeApi();
    const sentence =
      'RoadGrip Summer 205/55 R16 91V: only 2 left, you asked for 4. Nothing was reserved.';
    server.use(http.post('/api/checkout', () => apiRefusal(409, sentence)));
    const user = renderCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Your order was not placed');
    expect(refusal).toHaveTextContent(sentence);
    expect(within(refusal).getByRole('link', { name: 'Back to your bag' })).toHaveAttribute(
      'href',
      '/bag',
    );
    expect(await field('Address')).toHaveValue('12 Foundry Lane, Leeds');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('leaves the orders unpaid after a declined card, then pays them all with another', async () => {
    storeApi();
    const recorded: unknown[] = [];
    server.use(
      http.post('/api/payments/local/confirm', async ({ request }) => {
        const { card } = (await request.json()) as { card: { number: string } };
        return card.number.replace(/\s/g, '') === '4000000000000002'
          ? HttpResponse.json(
              {
                error: {
                  type: 'card_error',
                  code: 'card_declined',
                  message: 'Your card was declined.',
                },
              },
              { status: 402 },
            )
          : HttpResponse.json({
              paymentIntent: { id: checkoutTransactionId, status: 'succeeded', amount: 44995 },
            });
      }),
      http.patch('/api/checkout/:id', async ({ request }) => {
        recorded.push(await request.json());
        return HttpResponse.json(paidCheckout);
      }),
    );
    const user = renderCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const pay = async (number: string) => {
      await typeInto(user, 'Card number', number);
      await typeInto(user, 'Expiration date', '1234');
      await typeInto(user, 'Security code', '123');
      const button = screen.getByRole('button', { name: 'Pay' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
    };
    await pay('4000000000000002');
    const declined = await screen.findByRole('alert');
    expect(declined).toHaveTextContent('Your card was declined.');
    expect(declined).toHaveTextContent('Nothing was charged');
    expect(recorded).toHaveLength(0);

    await pay('4242424242424242');
    const success = await screen.findByText(copy.payment.success);
    expect(success.closest('[role="status"]')).toHaveTextContent(
      `Transaction id: ${checkoutTransactionId}`,
    );
    expect(recorded).toEqual([{ transactionId: checkoutTransactionId }]);
    for (const order of paidCheckout.orders) {
      expect(screen.getByText(order.ProductName)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeInTheDocument();
  });
});
