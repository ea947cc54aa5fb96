import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PART_ATTRIBUTES } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { describeState, shortestPaths, type ModelPath } from '../../../test/machines/machineModel';
import type { OrderDraft, OrderModalContext } from './orderModalMachine';
import { modelProduct, orderModalModel } from '../../../test/machines/orderModal.model';
import type { ApiError } from '../../../store/callApi';
import { apiRefusal, PendingResponses } from '../../../test/pendingResponses';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { dismissToasts, expectToast, showingToasts } from '../../../test/toastAlerts';
import { ProductDetailsPage } from '../ProductDetailsPage';

/** The product the model's OPEN event is for, as the API serves it. */
const product: Product = {
  _id: modelProduct._id,
  name: modelProduct.name,
  img: '/images/products/summer-tyre.svg',
  description: 'Summer tyre with a silica compound.',
  price: modelProduct.price,
  orderquantity: modelProduct.orderquantity,
  availablequantity: modelProduct.availablequantity,
  ...PART_ATTRIBUTES,
  sku: 'P000001',
  status: 'active',
  version: 1,
};

const dialog = () => screen.getByRole('dialog', { name: 'Your order' });

/** Does, in the rendered page, what the model's event stands for. */
async function perform(user: UserEvent, event: AnyEventObject, orders: PendingResponses) {
  switch (event.type) {
    case 'OPEN':
      await user.click(screen.getByRole('button', { name: 'Add to shopping bag' }));
      return;
    case 'SUBMIT': {
      const draft = event.draft as OrderDraft;
      const form = within(dialog());
      for (const [label, value] of [
        ['Address', draft.address],
        ['Phone Number', draft.number],
        ['Quantity', draft.quantity],
      ] as const) {
        const input = form.getByLabelText(label);
        await user.clear(input);
        if (value) await user.type(input, value);
      }
      await user.click(form.getByRole('button', { name: 'Place order' }));
      return;
    }
    case 'CLOSE':
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      return;
    case 'xstate.done.actor.placeOrder':
      orders.respond(HttpResponse.json(event.output, { status: 201 }));
      return;
    case 'xstate.error.actor.placeOrder': {
      const error = event.error as ApiError;
      orders.respond(apiRefusal(error.status, error.message, error.field));
      return;
    }
    default:
      throw new Error(`No way to cause ${event.type} in the page`);
  }
}

/** What the shopper must see in this state of the machine. */
async function expectScreen(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as OrderModalContext;
  if (snapshot.matches('closed') || snapshot.matches('success')) {
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add to shopping bag' })).toBeEnabled();
    if (snapshot.matches('success')) await expectToast('Your product ordered');
    else expect(showingToasts()).toEqual([]);
    return;
  }

  const modal = within(await screen.findByRole('dialog', { name: 'Your order' }));
  // Product, price, name and email, shown read-only (there is nothing to edit them with).
  const shown = (term: string) => modal.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(shown('Product')).toHaveTextContent(product.name);
  expect(shown('Price')).toHaveTextContent('$89.99');
  expect(shown('Name')).toHaveTextContent('Demo Shopper');
  expect(shown('Email')).toHaveTextContent('shopper@store.test');
  expect(modal.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual([
    'address',
    'number',
  ]);
  expect(modal.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
  expect(modal.getByLabelText('Quantity')).toHaveAttribute('type', 'number');

  const placeOrder = modal.getByRole('button', { name: 'Place order' });
  if (snapshot.matches({ open: 'submitting' })) {
    expect(placeOrder).toBeDisabled();
    expect(modal.getByRole('status')).toHaveTextContent('Placing your order');
    return;
  }
  await waitFor(() => expect(placeOrder).toBeEnabled());

  // Every empty required field says so, in red under it; the others say nothing.
  for (const [label, field] of [
    ['Address', 'address'],
    ['Phone Number', 'number'],
    ['Quantity', 'quantity'],
  ] as const) {
    const input = modal.getByLabelText(label);
    const message = context.fieldErrors[field];
    if (message) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    } else {
      expect(input).not.toHaveAttribute('aria-invalid');
    }
  }

  if (snapshot.matches({ open: 'failure' })) {
    const reason = context.reason!;
    if (Object.keys(context.fieldErrors).length > 0) {
      // About a field: said once, under it, with no toast repeating it.
      expect(modal.getAllByText(reason)).toHaveLength(1);
      expect(showingToasts()).toEqual([]);
    } else {
      // The toast shows inside the dialog (above its backdrop), and the reason stays in the form.
      await expectToast(reason, dialog());
      expect(modal.getAllByText(reason).length).toBeGreaterThanOrEqual(2);
    }
    expect(modal.queryByText(/body\.|must be >=|must NOT/)).not.toBeInTheDocument();
  } else {
    expect(showingToasts()).toEqual([]);
  }
}

function title(path: ModelPath): string {
  const events = path.steps.map((step) => orderModalModel.describeEvent(step.event));
  return `${describeState(orderModalModel, path.state)} ← ${events.join(' → ') || 'start'}`;
}

describe('the order modal, walked along every shortest path of its machine', () => {
  const paths = shortestPaths(orderModalModel);

  it.each(paths.map((path) => [title(path), path] as const))('%s', async (_title, path) => {
    const orders = new PendingResponses();
    server.use(
      http.get('/api/productDetails/:id', () => HttpResponse.json(product)),
      http.post('/api/order', orders.next),
    );
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/productdetails/:id',
          element: (
            <>
              <ProductDetailsPage />
              <ToastContainer />
            </>
          ),
        },
      ],
      `/productdetails/${product._id}`,
      { auth: signedInAuth() },
    );
    await screen.findByRole('heading', { level: 1, name: product.name });
    await expectScreen(orderModalModel.machine.resolveState({ value: 'closed', context: {} }));

    for (const step of path.steps) {
      dismissToasts();
      await perform(user, step.event, orders);
      await expectScreen(step.state);
    }
  });
});
