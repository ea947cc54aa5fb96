import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Order } from '@contract/orders';
import { describeState, shortestPaths, type ModelPath } from '../../../test/machines/machineModel';
import { ProviderUnavailableError, type PaymentContext } from './paymentMachine';
import { clientSecret, paymentModel, unpaidOrder } from '../../../test/machines/payment.model';
import {
  fakePaymentApi,
  localDriver,
  needsScript,
  stripeDriver,
  type GatewayDriver,
} from '../../../test/machines/gatewayDrivers';
import type { ApiError } from '../../../store/callApi';
import { apiRefusal, PendingResponses } from '../../../test/pendingResponses';
import { renderPage, signedInAuth } from '../../../test/render';
import { copy } from '@contract/copy';
import { server } from '../../../test/server';
import { PaymentCheckout } from './PaymentCheckout';

/** The API's side: each call waits for the answer the path's next event gives. */
function fakeApi() {
  const api = { ...fakePaymentApi('/api/order/:id'), loads: new PendingResponses() };
  server.use(http.get('/api/order/:id', api.loads.next));
  return api;
}

type Api = ReturnType<typeof fakeApi>;

/** What the model's order pays. */
const payment = { clientSecret, amount: 17998 };

async function perform(user: UserEvent, event: AnyEventObject, api: Api, driver: GatewayDriver) {
  switch (event.type) {
    case 'xstate.done.actor.loadOrder':
      api.loads.respond(HttpResponse.json(event.output));
      return;
    case 'xstate.error.actor.loadOrder': {
      const error = event.error as ApiError;
      api.loads.respond(apiRefusal(error.status, error.message));
      return;
    }
    case 'xstate.done.actor.createIntent':
      await driver.intentCreated(api);
      return;
    case 'xstate.error.actor.createIntent': {
      if (event.error instanceof ProviderUnavailableError) {
        driver.scriptFailed(api);
        return;
      }
      const error = event.error as ApiError;
      driver.scriptLoaded();
      api.intents.respond(apiRefusal(error.status, error.message));
      return;
    }
    case 'PROVIDER_UNAVAILABLE':
      driver.formFailed(event.message as string);
      return;
    case 'PAY':
      await driver.pay(user);
      return;
    case 'xstate.done.actor.confirmCard':
      driver.confirmed(api, (event.output as { transactionId: string }).transactionId);
      return;
    case 'xstate.error.actor.confirmCard':
      driver.declined(api, (event.error as Error).message);
      return;
    case 'xstate.done.actor.recordPayment':
      api.records.respond(HttpResponse.json(event.output));
      return;
    case 'xstate.error.actor.recordPayment': {
      const error = event.error as ApiError;
      api.records.respond(apiRefusal(error.status, error.message));
      return;
    }
    case 'RETRY':
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      return;
    default:
      throw new Error(`No way to cause ${event.type} on the page`);
  }
}

async function expectSummary(order: Order) {
  const summary = within(await screen.findByRole('region', { name: /Pay for/ }));
  expect(summary.getByRole('heading')).toHaveTextContent(`Pay for ${order.ProductName}`);
  const value = (term: string) => summary.getByText(term).nextElementSibling;
  expect(value('Quantity')).toHaveTextContent('2');
  expect(value('Price')).toHaveTextContent('$89.99');
  expect(value('Total price')).toHaveTextContent('$179.98');
}

/** What the shopper must see in this state of the machine. */
async function expectScreen(snapshot: AnyMachineSnapshot, driver: GatewayDriver) {
  const context = snapshot.context as PaymentContext;
  const payButton = () => screen.queryByRole('button', { name: 'Pay' });

  if (snapshot.matches('loadingOrder')) {
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your order');
    expect(payButton()).not.toBeInTheDocument();
    return;
  }
  const tryAgain = () => screen.queryByRole('button', { name: 'Try again' });
  if (snapshot.matches('failed') && !context.order) {
    expect(await screen.findByRole('alert')).toHaveTextContent(context.error!);
    expect(payButton()).not.toBeInTheDocument();
    // 'No order with this id.' cannot change by asking again: no button that never works.
    expect(tryAgain()).not.toBeInTheDocument();
    return;
  }
  await expectSummary(context.order!);

  if (snapshot.matches('expired')) {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(copy.payment.expired);
    expect(within(alert).getByRole('link', { name: /Back to/ })).toBeInTheDocument();
    expect(payButton()).not.toBeInTheDocument();
    return;
  }
  if (snapshot.matches('failed') || snapshot.matches({ paying: 'providerUnavailable' })) {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(context.error!);
    if (snapshot.matches({ paying: 'providerUnavailable' })) {
      expect(alert).toHaveTextContent('Card payments cannot be taken right now.');
    }
    if (context.retryable) {
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    } else {
      expect(tryAgain()).not.toBeInTheDocument();
    }
    expect(payButton()).not.toBeInTheDocument();
    return;
  }
  if (snapshot.matches({ paying: 'creatingIntent' })) {
    expect(await screen.findByText('Getting the payment ready')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    return;
  }

  if (snapshot.matches({ paying: 'ready' })) {
    // Pay is enabled in ready, and only here.
    await waitFor(() => expect(payButton()).toBeEnabled());
    await driver.expectCardForm(true);
    const cardError = screen.queryByRole('alert');
    if (snapshot.matches({ paying: { ready: 'cardError' } })) {
      expect(cardError).toHaveTextContent(context.error!);
      expect(cardError).toHaveStyle({ color: 'rgb(185, 28, 28)' });
    } else {
      expect(cardError).not.toBeInTheDocument();
    }
    return;
  }

  await waitFor(() => expect(payButton()).toBeDisabled());
  if (snapshot.matches({ paying: 'confirming' })) {
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your card');
    await driver.expectCardForm(false);
  } else if (snapshot.matches({ paying: 'recordingPayment' })) {
    expect(await screen.findByText('Recording your payment')).toBeInTheDocument();
  } else if (snapshot.matches({ paying: 'recordFailed' })) {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(context.error!);
    expect(alert).toHaveTextContent('Your card was charged');
    // Try again only where it can help.
    expect(within(alert).queryAllByRole('button', { name: 'Try again' })).toHaveLength(
      context.retryable ? 1 : 0,
    );
  } else if (snapshot.matches('paid')) {
    const success = await screen.findByText('congrats ! your payment is succuss');
    expect(success.closest('[role="status"]')).toHaveTextContent(
      `Transaction id: ${context.transactionId}`,
    );
  } else {
    throw new Error(`No expectations for ${describeState(paymentModel, snapshot)}`);
  }
}

function title(path: ModelPath): string {
  const events = path.steps.map((step) => paymentModel.describeEvent(step.event));
  return `${describeState(paymentModel, path.state)} ← ${events.join(' → ') || 'start'}`;
}

async function walk(path: ModelPath, driver: GatewayDriver) {
  const api = fakeApi();
  const user = userEvent.setup();
  renderPage(<PaymentCheckout orderId={unpaidOrder._id} gateway={driver.gateway} />, '/', {
    auth: signedInAuth(),
  });
  await expectScreen(initial.state, driver);
  for (const step of path.steps) {
    await perform(user, step.event, api, driver);
    await expectScreen(step.state, driver);
  }
  // The order is only ever marked paid with the transaction id the provider gave.
  for (const body of api.recorded) {
    expect(body).toEqual({ transactionId: expect.stringMatching(/^pi_/) });
  }
}

const paths = shortestPaths(paymentModel);
const initial = paths.find((path) => path.steps.length === 0)!;

describe('the payment page with the local card form, along every shortest path', () => {
  it.each(paths.filter((path) => !needsScript(path)).map((path) => [title(path), path] as const))(
    '%s',
    (_title, path) => walk(path, localDriver(payment)),
  );
});

describe('the payment page with Stripe’s Payment Element (a fake Stripe.js), along every shortest path', () => {
  it.each(paths.map((path) => [title(path), path] as const))('%s', (_title, path) =>
    walk(path, stripeDriver(payment)),
  );
});
