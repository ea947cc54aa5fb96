import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { DeleteOrderContext } from './deleteOrderMachine';
import { deleteOrderModel, orderToDelete } from '../../test/machines/deleteOrder.model';
import { describeState, shortestPaths, type ModelPath } from '../../test/machines/machineModel';
import type { ApiError } from '../../store/callApi';
import { anOrder } from '../../test/builders';
import { battery, tyre } from '../../test/fixtures';
import { apiRefusal, PendingResponses } from '../../test/pendingResponses';
import { renderPage, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { MyOrdersPage } from './MyOrdersPage';

const unpaid = anOrder({ ...orderToDelete, product: battery });

const paid = anOrder({
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000402',
  product: tyre,
  quantity: 4,
  status: 'paid',
});

/** The server's side of the story: the orders it holds and the DELETEs waiting for an answer. */
function fakeServer() {
  const state = {
    orders: [unpaid, paid],
    deletes: new PendingResponses(),
    deleted: [] as string[],
  };
  server.use(
    http.get('/api/order', ({ request }) => {
      expect(new URL(request.url).searchParams.get('email')).toBe('shopper@store.test');
      return HttpResponse.json(state.orders);
    }),
    http.delete('/api/order/:id', ({ params }) => {
      state.deleted.push(String(params.id));
      return state.deletes.next();
    }),
  );
  return state;
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete this order?' });
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

async function perform(user: UserEvent, event: AnyEventObject, api: ReturnType<typeof fakeServer>) {
  switch (event.type) {
    case 'DELETE_ORDER': {
      const row = screen.getByRole('row', { name: new RegExp(orderToDelete.ProductName) });
      await user.click(within(row).getByRole('button', { name: 'DELETE ORDER' }));
      return;
    }
    case 'CONFIRM':
      await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
      return;
    case 'CANCEL':
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      return;
    case 'xstate.done.actor.deleteOrder': {
      const { deletedCount } = event.output as { deletedCount: number };
      if (deletedCount) api.orders = api.orders.filter((order) => order._id !== unpaid._id);
      api.deletes.respond(HttpResponse.json({ deletedCount }));
      return;
    }
    case 'xstate.error.actor.deleteOrder': {
      const error = event.error as ApiError;
      api.deletes.respond(apiRefusal(error.status, error.message));
      return;
    }
    default:
      throw new Error(`No way to cause ${event.type} in the page`);
  }
}

async function expectScreen(snapshot: AnyMachineSnapshot, api: ReturnType<typeof fakeServer>) {
  const context = snapshot.context as DeleteOrderContext;
  // The table shows what the server holds: a deleted order is gone without a reload.
  await waitFor(() => expect(rowNames()).toEqual(api.orders.map((order) => order.ProductName)));

  if (snapshot.matches('idle')) {
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return;
  }
  const modal = within(await screen.findByRole('dialog', { name: 'Delete this order?' }));
  expect(modal.getByText(orderToDelete.ProductName)).toBeInTheDocument();
  const confirm = modal.getByRole('button', { name: 'Delete' });
  const cancel = modal.getByRole('button', { name: 'Cancel' });

  if (snapshot.matches('deleting')) {
    expect(confirm).toBeDisabled();
    expect(cancel).toBeDisabled();
    expect(modal.getByRole('status')).toHaveTextContent('Deleting the order');
    return;
  }
  expect(cancel).toBeEnabled();
  if (snapshot.matches('error')) {
    expect(modal.getByRole('alert')).toHaveTextContent(context.error!);
    // Delete again only where it can help.
    if (context.retryable) await waitFor(() => expect(confirm).toBeEnabled());
    else expect(confirm).toBeDisabled();
  } else {
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(modal.queryByRole('alert')).not.toBeInTheDocument();
  }
}

function title(path: ModelPath): string {
  const events = path.steps.map((step) => deleteOrderModel.describeEvent(step.event));
  return `${describeState(deleteOrderModel, path.state)} ← ${events.join(' → ') || 'start'}`;
}

describe('My Orders’ delete-confirm modal, walked along every shortest path of its machine', () => {
  it.each(shortestPaths(deleteOrderModel).map((path) => [title(path), path] as const))(
    '%s',
    async (_title, path) => {
      const api = fakeServer();
      const user = userEvent.setup();
      renderPage(<MyOrdersPage />, '/dashboard/myorder', { auth: signedInAuth() });
      await screen.findByRole('table', { name: 'My Orders' });
      await expectScreen(
        deleteOrderModel.machine.resolveState({ value: 'idle', context: {} }),
        api,
      );

      for (const step of path.steps) {
        await perform(user, step.event, api);
        await expectScreen(step.state, api);
      }
      // Only ever the order that was clicked, never the paid one beside it.
      expect(api.deleted.filter((id) => id !== unpaid._id)).toEqual([]);
    },
  );
});
