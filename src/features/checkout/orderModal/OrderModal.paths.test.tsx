import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PART_ATTRIBUTES } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { describeState, shortestPaths, type ModelPath } from '../../../test/machines/machineModel';
import type { OrderDraft } from './orderFields';
import type { OrderModalContext } from './orderModalMachine';
import {
  modelProduct,
  modelProfile,
  orderModalModel,
  placedOrder,
} from '../../../test/machines/orderModal.model';
import type { ApiError } from '../../../store/callApi';
import { apiRefusal, PendingResponses } from '../../../test/pendingResponses';
import { renderRoutes, signedInAuth, findOrderButton } from '../../../test/render';
import { server } from '../../../test/server';
import { prefillHandlers } from '../../../test/prefillHandlers';
import { dismissToasts, expectToast, findToast, showingToasts } from '../../../test/toastAlerts';
import { ProductDetailsRoute } from '../../../app/ProductDetailsRoute';
import { NO_MARKS } from '@contract/tyreMarks';

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
  euLabel: null,
  marks: NO_MARKS,
  sku: 'P000001',
  status: 'active',
  version: 1,
};

const dialog = () => screen.getByRole('dialog', { name: 'Your order' });

const labels = { address: 'Address', number: 'Phone Number', quantity: 'Quantity' } as const;

/** The API's answers a path hands out when its step comes: the order, and the profile. */
interface Answers {
  orders: PendingResponses;
  profile: PendingResponses;
}

/** Does, in the rendered page, what the model's event stands for. */
async function perform(user: UserEvent, event: AnyEventObject, { orders, profile }: Answers) {
  switch (event.type) {
    case 'OPEN':
      await user.click(await findOrderButton());
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
    case 'EDIT': {
      // The field's new value in one change: typing key by key (and the focus moving to the
      // field) is the component tests' business; here each step is one event of the model.
      const input = within(dialog()).getByLabelText(labels[event.field as keyof typeof labels]);
      fireEvent.change(input, { target: { value: event.value as string } });
      return;
    }
    case 'PREFILL':
      profile.respond(HttpResponse.json(modelProfile));
      return;
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
    await findOrderButton();
    if (snapshot.matches('success')) {
      // The spec's words, and a way straight to the order's payment page.
      const toast = await findToast('Your product ordered');
      expect(within(toast).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
        'href',
        `/dashboard/payment/${placedOrder._id}`,
      );
    } else expect(showingToasts()).toEqual([]);
    return;
  }

  const modal = within(await screen.findByRole('dialog', { name: 'Your order' }));
  // Product, price, name and email, shown read-only (there is nothing to edit them with).
  const shown = (term: string) => modal.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(shown('Product')).toHaveTextContent(product.name);
  expect(shown('Price')).toHaveTextContent('$89.99');
  expect(shown('Name')).toHaveTextContent(context.buyer!.name);
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

  // Each field shows what is in the form (typed or prefilled) and, in red under it, what is
  // wrong with it; the others say nothing.
  for (const [field, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    const input = modal.getByLabelText(label);
    await waitFor(() => expect(input).toHaveProperty('value', context.draft[field]));
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
    const field = context.reasonField;
    if (field && context.fieldErrors[field] === reason) {
      // The server's refusal of a field: said once, under it, with no toast repeating it.
      expect(modal.getAllByText(reason)).toHaveLength(1);
      expect(showingToasts()).toEqual([]);
    } else if (field) {
      // The spec's toast, in the dialog; under the field, what exactly is wrong.
      await expectToast(reason, dialog());
      const inForm = modal.queryAllByText(reason).filter((el) => !el.closest('.Toastify__toast'));
      expect(inForm).toEqual([]);
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
    const answers: Answers = { orders: new PendingResponses(), profile: new PendingResponses() };
    server.use(
      http.get('/api/productDetails/:id', () => HttpResponse.json(product)),
      http.post('/api/order', answers.orders.next),
      // The profile comes when the path's PREFILL step says so; there are no earlier orders.
      http.get('/api/profile', answers.profile.next),
      ...prefillHandlers(),
    );
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/productdetails/:id',
          element: (
            <>
              <ProductDetailsRoute />
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
      await perform(user, step.event, answers);
      await expectScreen(step.state);
    }
  });
});
