import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { PRODUCT_RETIRED } from '@contract/catalogTerms';
import type { CreateOrderBody } from '@contract/orders';
import { tyre } from '../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../test/render';
import { prefillHandlers } from '../../test/prefillHandlers';
import { server } from '../../test/server';
import { expectToast, findToast } from '../../test/toastAlerts';
import { ProductDetailsPage } from './ProductDetailsPage';

function renderDetails(id = tyre._id, displayName: string | null = 'Demo Shopper') {
  return renderRoutes(
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
    `/productdetails/${id}`,
    {
      auth: signedInAuth({ user: { email: 'shopper@store.test', displayName } }),
    },
  );
}

const fact = (term: string) => screen.getByText(term).nextElementSibling;

describe('the product details page', () => {
  // Nothing to prefill the order form with: no profile, no earlier orders.
  beforeEach(() => server.use(...prefillHandlers()));

  it('shows the product as the spec lists it', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: tyre.name })).toBeInTheDocument();
    expect(screen.getByText(tyre.description)).toBeInTheDocument();
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    expect(fact('AvailableQuantity')).toHaveTextContent('240');
    expect(fact('OrderQuantity')).toHaveTextContent('2');
    // The number the modal will allow, beside the stock.
    expect(fact('You can order')).toHaveTextContent('up to 238');
    expect(screen.getByText('22 reviews')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: tyre.name })).toHaveAttribute('src', tyre.img);
    expect(screen.getByRole('button', { name: 'Add to shopping bag' })).toBeEnabled();
    expect(document.title).toBe(`${tyre.name} | Tyre & Auto Parts Store`);
  });

  it.each([
    ['nothing above the order quantity', { availablequantity: 2, orderquantity: 2 }],
    ['no stock', { availablequantity: 0, orderquantity: 1 }],
  ])('says out of stock and disables the bag with %s', async (_what, stock) => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json({ ...tyre, ...stock })));
    renderDetails();
    const bag = await screen.findByRole('button', { name: 'Add to shopping bag' });
    expect(bag).toBeDisabled();
    expect(bag).toHaveAccessibleDescription('Out of stock: nothing can be ordered right now.');
    expect(fact('You can order')).toHaveTextContent('Out of stock');
  });

  it('says a retired product is no longer sold, and offers no order', async () => {
    server.use(
      http.get('/api/productDetails/:id', () => HttpResponse.json({ ...tyre, status: 'retired' })),
    );
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: tyre.name })).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_RETIRED)).toBeInTheDocument();
    expect(PRODUCT_RETIRED).toBe('This product is no longer sold.');
    expect(screen.queryByRole('button', { name: 'Add to shopping bag' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal of an order for a product retired meanwhile', async () => {
    server.use(
      http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)),
      http.post('/api/order', () =>
        HttpResponse.json({ error: 'Conflict', message: PRODUCT_RETIRED }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Add to shopping bag' }));
    const dialog = screen.getByRole('dialog', { name: 'Your order' });
    await user.type(within(dialog).getByLabelText('Address'), '12 Foundry Lane, Leeds');
    await user.type(within(dialog).getByLabelText('Phone Number'), '0113 496 0000');
    await user.type(within(dialog).getByLabelText('Quantity'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    // Toasted, and kept in the form after the toast has gone.
    await expectToast(PRODUCT_RETIRED);
    expect(within(dialog).getAllByText(PRODUCT_RETIRED).length).toBeGreaterThan(0);
  });

  it('says when there is no such product', async () => {
    server.use(
      http.get('/api/productDetails/:id', () =>
        HttpResponse.json(
          { error: 'Not Found', message: 'No product with this id.' },
          { status: 404 },
        ),
      ),
    );
    renderDetails();
    expect(
      await screen.findByRole('heading', { name: 'This product is not in the store' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  });

  it('orders: the spec’s payload goes out, the modal closes, the toast shows, the stock goes down', async () => {
    let stock = 240;
    const bodies: CreateOrderBody[] = [];
    server.use(
      http.get('/api/productDetails/:id', () =>
        HttpResponse.json({ ...tyre, availablequantity: stock }),
      ),
      http.post('/api/order', async ({ request }) => {
        const body = (await request.json()) as CreateOrderBody;
        bodies.push(body);
        stock -= body.quantity;
        return HttpResponse.json(
          {
            _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000801',
            paid: false,
            transactionId: null,
            ...body,
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Add to shopping bag' }));
    const dialog = screen.getByRole('dialog', { name: 'Your order' });
    // The shopper starts typing the address at once.
    expect(within(dialog).getByLabelText('Address')).toHaveFocus();
    expect(within(dialog).getByLabelText('Quantity')).toHaveAccessibleDescription(
      'You can order up to 238.',
    );
    await user.type(within(dialog).getByLabelText('Address'), '  12 Foundry Lane, Leeds ');
    await user.type(within(dialog).getByLabelText('Phone Number'), '0113 496 0000');
    await user.type(within(dialog).getByLabelText('Quantity'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    const toast = await findToast('Your product ordered');
    expect(within(toast).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/dashboard/payment/0b8e3c52-7a4d-4f1e-9c3b-000000000801',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        productId: tyre._id,
        ProductName: tyre.name,
        price: tyre.price,
        name: 'Demo Shopper',
        email: 'shopper@store.test',
        address: '12 Foundry Lane, Leeds',
        number: '0113 496 0000',
        quantity: 3,
      },
    ]);
    await waitFor(() => expect(fact('AvailableQuantity')).toHaveTextContent('237'));

    // The next order starts from an empty form (the API knows no profile or earlier order).
    await user.click(screen.getByRole('button', { name: 'Add to shopping bag' }));
    expect(screen.getByLabelText('Address')).toHaveValue('');
  });

  it('uses the email as the name when the account has no display name', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    renderDetails(tyre._id, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to shopping bag' }));
    expect(screen.getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'shopper@store.test',
    );
  });

  it('closes on Escape without ordering', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to shopping bag' }));
    const dialog = screen.getByRole('dialog');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
