import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { PART_ATTRIBUTES } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { apiRefusal } from '../../../test/pendingResponses';
import { renderRoutes, signedInAuth, findOrderButton } from '../../../test/render';
import { prefillHandlers } from '../../../test/prefillHandlers';
import { server } from '../../../test/server';
import { dismissToasts, expectToast } from '../../../test/toastAlerts';
import { ProductDetailsRoute } from '../../../app/ProductDetailsRoute';
import { NO_MARKS } from '@contract/tyreMarks';

// The identity provider: an app that started, and who is signed in to it (null: nobody).
const firebaseUser: { current: { email: string } | null } = { current: null };
const sendEmailVerification = jest.fn();
jest.mock('firebase/app', () => ({
  getApps: () => [{ name: '[DEFAULT]' }],
  getApp: () => ({ name: '[DEFAULT]' }),
}));
jest.mock('firebase/auth', () => ({
  getAuth: () => ({ currentUser: firebaseUser.current }),
  sendEmailVerification: (...args: unknown[]) => sendEmailVerification(...args),
}));

const product: Product = {
  _id: '0b6f5c1e-8a9d-4f7e-9a51-3c2d1e0f4a5b',
  name: 'Summer Tyre 205/55 R16',
  img: '/images/products/summer-tyre.svg',
  description: 'Summer tyre with a silica compound.',
  price: 89.99,
  orderquantity: 0,
  availablequantity: 20,
  ...PART_ATTRIBUTES,
  euLabel: null,
  marks: NO_MARKS,
  sku: 'P000001',
  status: 'active',
  version: 1,
};

async function refusedAsUnverified() {
  let orders = 0;
  server.use(
    http.get('/api/productDetails/:id', () => HttpResponse.json(product)),
    http.post('/api/order', () => {
      orders += 1;
      return apiRefusal(403, checkoutCopy.order.verifyEmailFirst);
    }),
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
  await user.click(await findOrderButton());
  const dialog = screen.getByRole('dialog', { name: 'Your order' });
  const form = within(dialog);
  await user.type(form.getByLabelText('Address'), '12 Foundry Lane');
  await user.type(form.getByLabelText('Phone Number'), '+1 555 010 2030');
  await user.type(form.getByLabelText('Quantity'), '4');
  await user.click(form.getByRole('button', { name: 'Place order' }));
  await expectToast(checkoutCopy.order.verifyEmailFirst, dialog);
  expect(orders).toBe(1);
  return { user, dialog, form };
}

describe('an order refused because the email is not verified', () => {
  beforeEach(() => {
    server.use(...prefillHandlers());
    sendEmailVerification.mockReset();
    firebaseUser.current = null;
  });

  it('says so in the form and sends the verification email again from there', async () => {
    firebaseUser.current = { email: 'shopper@store.test' };
    sendEmailVerification.mockResolvedValue(undefined);
    const { user, dialog, form } = await refusedAsUnverified();
    expect(form.getAllByText(checkoutCopy.order.verifyEmailFirst).length).toBeGreaterThanOrEqual(2);
    dismissToasts();
    await user.click(form.getByRole('button', { name: 'Send the verification email again' }));
    await expectToast('Cheak your Email', dialog);
    expect(sendEmailVerification).toHaveBeenCalledWith(firebaseUser.current);
  });

  it("answers the spec's 'No user is logged in' when the identity provider has nobody", async () => {
    const { user, dialog, form } = await refusedAsUnverified();
    dismissToasts();
    await user.click(form.getByRole('button', { name: 'Send the verification email again' }));
    await expectToast('No user is logged in', dialog);
    expect(sendEmailVerification).not.toHaveBeenCalled();
  });

  it('offers no resend action for any other refusal', async () => {
    server.use(
      http.get('/api/productDetails/:id', () => HttpResponse.json(product)),
      http.post('/api/order', () => apiRefusal(409, copy.order.unavailableQuantity)),
    );
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/productdetails/:id', element: <ProductDetailsRoute /> }],
      `/productdetails/${product._id}`,
      { auth: signedInAuth() },
    );
    await user.click(await findOrderButton());
    const form = within(screen.getByRole('dialog', { name: 'Your order' }));
    await user.type(form.getByLabelText('Address'), '12 Foundry Lane');
    await user.type(form.getByLabelText('Phone Number'), '+1 555 010 2030');
    await user.type(form.getByLabelText('Quantity'), '4');
    await user.click(form.getByRole('button', { name: 'Place order' }));
    await form.findAllByText(copy.order.unavailableQuantity);
    expect(
      form.queryByRole('button', { name: 'Send the verification email again' }),
    ).not.toBeInTheDocument();
  });
});
