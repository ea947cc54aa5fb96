import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import type { ApiError } from '../../../store/callApi';
import { describeState, shortestPaths, type ModelPath } from '../../../test/machines/machineModel';
import {
  bagCheckoutModel,
  checkoutSecret,
  modelBag,
} from '../../../test/machines/bagCheckout.model';
import {
  fakePaymentApi,
  localDriver,
  needsScript,
  stripeDriver,
  type GatewayDriver,
} from '../../../test/machines/gatewayDrivers';
import { apiRefusal, PendingResponses } from '../../../test/pendingResponses';
import { renderPage, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { ProviderUnavailableError } from '../payment/paymentMachine';
import type { BagCheckoutContext, BagCheckoutInput, CheckoutDetails } from './bagCheckoutMachine';
import { CheckoutFlow } from './CheckoutFlow';

/** The API's side: each call waits for the answer the path's next event gives. */
function fakeApi() {
  const api = {
    ...fakePaymentApi('/api/checkout/:id'),
    bags: new PendingResponses(),
    checkouts: new PendingResponses(),
    places: new PendingResponses(),
    placed: [] as { body: unknown; key: string | null }[],
  };
  server.use(
    // Nothing to prefill but the account's name: the path's SUBMIT types the rest.
    http.get('/api/profile', () => HttpResponse.json({ message: 'No profile' }, { status: 404 })),
    http.get('/api/order', () => HttpResponse.json([])),
    http.get('/api/bag', api.bags.next),
    http.get('/api/checkout/:id', api.checkouts.next),
    http.post('/api/checkout', async ({ request }) => {
      api.placed.push({
        body: await request.json(),
        key: request.headers.get('idempotency-key'),
      });
      return api.places.next();
    }),
  );
  return api;
}

type Api = ReturnType<typeof fakeApi>;

/** What the model's bag pays. */
const payment = { clientSecret: checkoutSecret, amount: 44995 };

async function fillDetails(user: UserEvent, details: CheckoutDetails) {
  for (const [label, value] of [
    ['Name', details.name],
    ['Address', details.address],
    ['Phone Number', details.number],
  ] as const) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Place order' }));
}

const refusal = (pending: PendingResponses, error: ApiError) =>
  pending.respond(apiRefusal(error.status, error.message));

async function perform(user: UserEvent, event: AnyEventObject, api: Api, driver: GatewayDriver) {
  const error = event.error as ApiError;
  switch (event.type) {
    case 'xstate.done.actor.loadBag':
      return api.bags.respond(HttpResponse.json(event.output));
    case 'xstate.error.actor.loadBag':
      return refusal(api.bags, error);
    case 'xstate.done.actor.loadCheckout':
      return api.checkouts.respond(HttpResponse.json(event.output));
    case 'xstate.error.actor.loadCheckout':
      return refusal(api.checkouts, error);
    case 'SUBMIT':
      return fillDetails(user, event.details as CheckoutDetails);
    case 'xstate.done.actor.placeCheckout':
      return api.places.respond(HttpResponse.json(event.output, { status: 201 }));
    case 'xstate.error.actor.placeCheckout':
      return refusal(api.places, error);
    case 'xstate.done.actor.createIntent':
      return driver.intentCreated(api);
    case 'xstate.error.actor.createIntent':
      if (event.error instanceof ProviderUnavailableError) return driver.scriptFailed(api);
      driver.scriptLoaded();
      return refusal(api.intents, error);
    case 'PROVIDER_UNAVAILABLE':
      return driver.formFailed(event.message as string);
    case 'PAY':
      return driver.pay(user);
    case 'xstate.done.actor.confirmCard':
      return driver.confirmed(api, (event.output as { transactionId: string }).transactionId);
    case 'xstate.error.actor.confirmCard':
      return driver.declined(api, (event.error as Error).message);
    case 'xstate.done.actor.recordPayment':
      return api.records.respond(HttpResponse.json(event.output));
    case 'xstate.error.actor.recordPayment':
      return refusal(api.records, error);
    case 'RETRY':
      return user.click(await screen.findByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`No way to cause ${event.type} on the page`);
  }
}

/** What the shopper must see in this state of the machine. */
async function expectScreen(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as BagCheckoutContext;
  const button = (name: string) => screen.queryByRole('button', { name });
  const alert = () => screen.findByRole('alert');

  if (snapshot.matches('bag')) {
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your bag');
    return;
  }
  if (snapshot.matches('loadingCheckout')) {
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your checkout');
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(await alert()).toHaveTextContent(context.error!);
    expect(button('Try again') !== null).toBe(context.retryable);
    return;
  }
  if (snapshot.matches('empty')) {
    expect(await screen.findByText('Your bag is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
    return;
  }
  if (snapshot.matches('paid')) {
    const success = await screen.findByText(copy.payment.success);
    expect(success.closest('[role="status"]')).toHaveTextContent(
      `Transaction id: ${context.transactionId}`,
    );
    for (const order of context.checkout!.orders) {
      expect(screen.getByText(order.ProductName)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    );
    return;
  }

  // The summary: every line and the total (once placed, the checkout's orders).
  const summaryName = context.checkout ? 'Your orders' : 'Your bag';
  const summary = within(await screen.findByRole('region', { name: summaryName }));
  expect(summary.getByText(modelBag.items[0]!.name)).toBeInTheDocument();
  expect(summary.getByText('$449.95')).toBeInTheDocument();

  if (snapshot.matches('expired')) {
    expect(await alert()).toHaveTextContent('was not paid in time');
    expect(button('Pay')).not.toBeInTheDocument();
    return;
  }
  if (snapshot.matches('details') || snapshot.matches('reserving') || snapshot.matches('failed')) {
    const place = await screen.findByRole('button', { name: 'Place order' });
    if (snapshot.matches('reserving')) {
      await waitFor(() => expect(place).toBeDisabled());
      expect(screen.getByText('Reserving your products')).toBeInTheDocument();
    } else {
      await waitFor(() => expect(place).toBeEnabled());
    }
    if (snapshot.matches('failed')) {
      const refused = await alert();
      expect(refused).toHaveTextContent('Your order was not placed');
      expect(refused).toHaveTextContent(context.error!);
      if (context.status === 403) {
        expect(
          within(refused).getByRole('button', { name: checkoutCopy.order.resendVerification }),
        ).toBeInTheDocument();
      } else {
        expect(within(refused).getByRole('link', { name: 'Back to your bag' })).toHaveAttribute(
          'href',
          '/bag',
        );
      }
    } else {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
    return;
  }
  if (snapshot.matches('intentFailed') || snapshot.matches({ paying: 'providerUnavailable' })) {
    const failed = await alert();
    expect(failed).toHaveTextContent(context.error!);
    expect(within(failed).queryAllByRole('button', { name: 'Try again' })).toHaveLength(
      context.retryable ? 1 : 0,
    );
    expect(button('Pay')).not.toBeInTheDocument();
    return;
  }
  if (snapshot.matches({ paying: 'creatingIntent' })) {
    expect(await screen.findByText('Getting the payment ready')).toBeInTheDocument();
    expect(button('Pay')).toBeDisabled();
    return;
  }
  if (snapshot.matches({ paying: 'ready' })) {
    await waitFor(() => expect(button('Pay')).toBeEnabled());
    if (snapshot.matches({ paying: { ready: 'cardError' } })) {
      const declined = await alert();
      expect(declined).toHaveTextContent(context.error!);
      expect(declined).toHaveTextContent('Nothing was charged');
    } else {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
    return;
  }
  await waitFor(() => expect(button('Pay')).toBeDisabled());
  if (snapshot.matches({ paying: 'confirming' })) {
    expect(await screen.findByText('Confirming your card')).toBeInTheDocument();
  } else if (snapshot.matches({ paying: 'recordingPayment' })) {
    expect(await screen.findByText('Recording your payment')).toBeInTheDocument();
  } else if (snapshot.matches({ paying: 'recordFailed' })) {
    const failed = await alert();
    expect(failed).toHaveTextContent(context.error!);
    expect(failed).toHaveTextContent('Your card was charged');
  } else {
    throw new Error(`No expectations for ${describeState(bagCheckoutModel, snapshot)}`);
  }
}

function title(path: ModelPath): string {
  const events = path.steps.map((step) => bagCheckoutModel.describeEvent(step.event));
  const start = bagCheckoutModel.describeInput!(path.input);
  return `${describeState(bagCheckoutModel, path.state)} ← ${start}: ${events.join(' → ') || 'start'}`;
}

async function walk(path: ModelPath, driver: GatewayDriver) {
  const api = fakeApi();
  const user = userEvent.setup();
  const { checkoutId } = path.input as BagCheckoutInput;
  renderPage(<CheckoutFlow checkoutId={checkoutId} gateway={driver.gateway} />, '/', {
    auth: signedInAuth(),
  });
  const initial = paths.find((other) => other.input === path.input && other.steps.length === 0)!;
  await expectScreen(initial.state);
  for (const step of path.steps) {
    await perform(user, step.event, api, driver);
    await expectScreen(step.state);
  }
  // Each submission carries an Idempotency-Key; the card payment is recorded with its id only.
  for (const placed of api.placed) expect(placed.key).toMatch(/^[0-9a-f]{32}$/);
  for (const body of api.recorded) {
    expect(body).toEqual({ transactionId: expect.stringMatching(/^pi_/) });
  }
}

const paths = shortestPaths(bagCheckoutModel);

describe('checkout of the bag with the local card form, along every shortest path', () => {
  it.each(paths.filter((path) => !needsScript(path)).map((path) => [title(path), path] as const))(
    '%s',
    (_title, path) => walk(path, localDriver(payment)),
  );
});

describe('checkout of the bag with Stripe’s Payment Element (a fake Stripe.js), where only it can fail', () => {
  it.each(paths.filter(needsScript).map((path) => [title(path), path] as const))(
    '%s',
    (_title, path) => walk(path, stripeDriver(payment)),
  );
});
