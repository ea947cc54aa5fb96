import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { useParams } from 'react-router-dom';
import type { CreateOrderBody, Order, OrderList } from '@contract/orders';
import { aProfile } from '../../../test/builders';
import { tyre } from '../../../test/fixtures';
import { unpaidBattery } from '../../../test/orderFixtures';
import { ordersApi } from '../../../shared/orders/ordersApi';
import { profileApi } from '../../../shared/profile/profileApi';
import { PendingResponses } from '../../../test/pendingResponses';
import { prefillHandlers } from '../../../test/prefillHandlers';
import { renderRoutes, signedInAuth, findOrderButton } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast, findToast } from '../../../test/toastAlerts';
import { ProductDetailsRoute } from '../../../app/ProductDetailsRoute';

/** The order modal as a new shopper meets it (issue 29, "the single-product order, smoothed"). */

const profile = aProfile();

/** 5 in stock, 2 kept back: 3 can be ordered. */
const product = { ...tyre, availablequantity: 5, orderquantity: 2 };

function PaymentStandIn() {
  return <h1>Paying for {useParams().id}</h1>;
}

function renderProductDetailsRoute(displayName: string | null = 'Demo Shopper') {
  return renderRoutes(
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
      { path: '/dashboard/payment/:id', element: <PaymentStandIn /> },
    ],
    `/productdetails/${product._id}`,
    { auth: signedInAuth({ user: { email: 'shopper@store.test', displayName } }) },
  );
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(await findOrderButton());
  const dialog = screen.getByRole('dialog', { name: 'Your order' });
  return { user, dialog, form: within(dialog) };
}

beforeEach(() => {
  server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(product)));
});

describe('after Place order', () => {
  it('offers Pay now beside the spec’s message, straight to the order’s payment page', async () => {
    server.use(
      ...prefillHandlers({ profile }),
      http.post('/api/order', async ({ request }) => {
        const body = (await request.json()) as CreateOrderBody;
        return HttpResponse.json({ ...unpaidBattery, ...body, price: product.price } as Order, {
          status: 201,
        });
      }),
    );
    renderProductDetailsRoute();
    const { user, form } = await openModal();
    await waitFor(() => expect(form.getByLabelText('Address')).toHaveValue('4 Mill Road, York'));
    await user.type(form.getByLabelText('Phone Number'), '0113 496 0000');
    await user.type(form.getByLabelText('Quantity'), '2');
    await user.click(form.getByRole('button', { name: 'Place order' }));

    const toast = await findToast('Your product ordered');
    await user.click(within(toast).getByRole('link', { name: 'Pay now' }));
    expect(
      await screen.findByRole('heading', { name: `Paying for ${unpaidBattery._id}` }),
    ).toBeInTheDocument();
  });
});

describe('the messages follow what the shopper types', () => {
  beforeEach(() => server.use(...prefillHandlers()));

  it('takes a filled field’s “is required” away at the first key', async () => {
    renderProductDetailsRoute();
    const { user, form } = await openModal();
    await user.click(form.getByRole('button', { name: 'Place order' }));
    const address = form.getByLabelText('Address');
    expect(address).toHaveAccessibleDescription('Address is required');

    await user.type(address, '1');
    expect(address).not.toHaveAttribute('aria-invalid');
    expect(form.queryByText('Address is required')).not.toBeInTheDocument();
    // The others still say so until they are filled.
    expect(form.getByText('Phone number is required')).toBeInTheDocument();
    await user.clear(address);
    expect(address).toHaveAccessibleDescription('Address is required');
  });

  it('says everything wrong with the quantity, in words, from its first key', async () => {
    renderProductDetailsRoute();
    const { user, form } = await openModal();
    const quantity = form.getByLabelText('Quantity');
    await user.type(quantity, '4.5');
    expect(quantity).toHaveAccessibleDescription(
      'You can order up to 3. Quantity must be a whole number, like 4. That is more than the 3 you can order.',
    );
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(quantity).toHaveAccessibleDescription(
      'You can order up to 3. That is more than the 3 you can order.',
    );
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(quantity).toHaveAccessibleDescription('You can order up to 3.');
    expect(quantity).not.toHaveAttribute('aria-invalid');
  });

  it('says nothing on leaving a field, so Place order stays under the click', async () => {
    renderProductDetailsRoute();
    const { user, form } = await openModal();
    await user.type(form.getByLabelText('Phone Number'), '12');
    await user.tab();
    expect(form.getByLabelText('Phone Number')).not.toHaveAttribute('aria-invalid');
    await user.click(form.getByRole('button', { name: 'Place order' }));
    expect(form.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      /^Phone Number must be 6 to 24 characters/,
    );
  });

  it('keeps the spec’s toast on Place order, with the quantity’s own words under it', async () => {
    renderProductDetailsRoute();
    const { user, dialog, form } = await openModal();
    await user.type(form.getByLabelText('Address'), '12 Foundry Lane, Leeds');
    await user.type(form.getByLabelText('Phone Number'), '0113 496 0000');
    await user.type(form.getByLabelText('Quantity'), '-1');
    await user.click(form.getByRole('button', { name: 'Place order' }));
    await expectToast('wrong input a quantity', dialog);
    expect(form.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'You can order up to 3. Quantity cannot be below 0.',
    );
  });
});

describe('the modal’s toasts', () => {
  beforeEach(() => server.use(...prefillHandlers()));

  it('show under the title bar, never over the title or the close button', async () => {
    renderProductDetailsRoute();
    const { user, dialog, form } = await openModal();
    await user.type(form.getByLabelText('Address'), '12 Foundry Lane, Leeds');
    await user.type(form.getByLabelText('Phone Number'), '0113 496 0000');
    await user.type(form.getByLabelText('Quantity'), '9');
    await user.click(form.getByRole('button', { name: 'Place order' }));
    const toast = await findToast('please input a Available quantity', dialog);

    // The title bar holds the title, the close button and, after them, the toasts' slot.
    const title = within(dialog).getByRole('heading', { name: 'Your order' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const container = toast.closest('.Toastify__toast-container')!;
    expect(container.contains(title) || container.contains(close)).toBe(false);
    expect(
      title.compareDocumentPosition(container) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      close.compareDocumentPosition(container) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(container.closest('form')).toBeNull();
  });
});

describe('the form comes filled in', () => {
  it('from the profile: address, and the name of an account without one', async () => {
    server.use(...prefillHandlers({ profile, orders: [unpaidBattery] }));
    renderProductDetailsRoute(null);
    const { form } = await openModal();
    await waitFor(() => expect(form.getByLabelText('Address')).toHaveValue('4 Mill Road, York'));
    // The profile has no phone: the last order's.
    expect(form.getByLabelText('Phone Number')).toHaveValue('0113 496 0000');
    expect(form.getByLabelText('Quantity')).toHaveValue(null);
    expect(form.getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Dana Shopper',
    );
  });

  it('from the last order when there is no profile', async () => {
    const older: Order = { ...unpaidBattery, _id: `${unpaidBattery._id.slice(0, -1)}0` };
    server.use(
      ...prefillHandlers({
        orders: [{ ...unpaidBattery, address: '9 Kiln Yard, Leeds' }, older],
      }),
    );
    renderProductDetailsRoute();
    const { form } = await openModal();
    await waitFor(() => expect(form.getByLabelText('Address')).toHaveValue('9 Kiln Yard, Leeds'));
    expect(form.getByLabelText('Phone Number')).toHaveValue('0113 496 0000');
    // The account's own name stays.
    expect(form.getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Demo Shopper',
    );
  });

  it('never overwrites what the shopper typed before the profile and orders arrived', async () => {
    const profileAnswer = new PendingResponses();
    const ordersAnswer = new PendingResponses();
    server.use(
      http.get('/api/profile', profileAnswer.next),
      http.get('/api/order', ordersAnswer.next),
    );
    const { store } = renderProductDetailsRoute();
    const { user, form } = await openModal();
    const address = form.getByLabelText('Address');
    const phone = form.getByLabelText('Phone Number');
    await user.type(address, '1 New Street');
    // Typed, then emptied: still the shopper's to fill.
    await user.type(phone, '0');
    await user.clear(phone);

    profileAnswer.respond(HttpResponse.json(profile));
    ordersAnswer.respond(HttpResponse.json([unpaidBattery]));
    const email = 'shopper@store.test';
    await waitFor(() => {
      const state = store.getState();
      expect(profileApi.endpoints.getProfile.select(email)(state).data).toEqual(profile);
      expect(ordersApi.endpoints.getMyOrders.select(email)(state).data).toHaveLength(1);
    });
    expect(address).toHaveValue('1 New Street');
    expect(phone).toHaveValue('');
  });

  it('from the order just placed, the next time', async () => {
    let orders: OrderList = [];
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json({ error: 'Not Found', message: 'No profile yet.' }, { status: 404 }),
      ),
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/order', async ({ request }) => {
        const body = (await request.json()) as CreateOrderBody;
        const order = { ...unpaidBattery, ...body, price: product.price } as Order;
        orders = [order];
        return HttpResponse.json(order, { status: 201 });
      }),
    );
    renderProductDetailsRoute();
    let { user, form } = await openModal();
    expect(form.getByLabelText('Address')).toHaveValue('');
    await user.type(form.getByLabelText('Address'), '7 Forge Row, Hull');
    await user.type(form.getByLabelText('Phone Number'), '01482 000 111');
    await user.type(form.getByLabelText('Quantity'), '1');
    await user.click(form.getByRole('button', { name: 'Place order' }));
    await findToast('Your product ordered');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    ({ user, form } = await openModal());
    await waitFor(() => expect(form.getByLabelText('Address')).toHaveValue('7 Forge Row, Hull'));
    expect(form.getByLabelText('Phone Number')).toHaveValue('01482 000 111');
    expect(form.getByLabelText('Quantity')).toHaveValue(null);
  });
});
