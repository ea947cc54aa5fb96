import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { PRODUCT_RETIRED } from '@contract/catalogTerms';
import type { CreateOrderBody } from '@contract/orders';
import { useLocation } from 'react-router-dom';
import type { EuLabel } from '@contract/euLabel';
import { signInNotice, useAuthRedirect } from '../features/auth/useAuthRedirect';
import { signedIn } from '../store/authSlice';
import { battery, tyre } from '../test/fixtures';
import { renderRoutes, signedInAuth, signedOutAuth, findOrderButton } from '../test/render';
import { prefillHandlers } from '../test/prefillHandlers';
import { server } from '../test/server';
import { expectToast, findToast } from '../test/toastAlerts';
import { ProductDetailsRoute } from './ProductDetailsRoute';

function renderDetails(id = tyre._id, displayName: string | null = 'Demo Shopper') {
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
    ],
    `/productdetails/${id}`,
    {
      auth: signedInAuth({ user: { email: 'shopper@store.test', displayName } }),
    },
  );
}

const fact = (term: string) => screen.getByText(term).nextElementSibling;

const label: EuLabel = {
  fuel: 'C',
  wetGrip: 'A',
  noiseDb: 71,
  noiseClass: 'B',
  snow: true,
  ice: false,
  eprel: '412345',
};
const labelledTyre = { ...tyre, euLabel: label };

/** The login page's part in the way back: its notice, and its redirect after a sign-in. */
function Login() {
  useAuthRedirect('/');
  const notice = signInNotice(useLocation().state);
  return (
    <>
      <p>login page</p>
      {notice && <p>{notice}</p>}
    </>
  );
}

/** The table's rows, as name → value. */
function specRows() {
  const table = screen.getByRole('table', { name: 'Specification' });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
  );
}

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
    await findOrderButton();
    expect(document.title).toBe(`${tyre.name} | Tyre & Auto Parts Store`);
  });

  it('lists the specification, the stock and the delivery estimate', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(labelledTyre)));
    renderDetails();
    expect(await screen.findByText('In stock: 240')).toBeInTheDocument();
    expect(await screen.findByText('Delivered in 2–4 working days')).toBeInTheDocument();
    expect(specRows()).toEqual({
      Category: 'Tyre',
      'Size (width/aspect/rim)': '205 mm / 55 % / 16″',
      'Load index': '91 (615 kg per tyre)',
      'Speed rating': 'V (up to 240 km/h)',
      Season: 'Summer',
      SKU: 'P000001',
      'Fuel efficiency class': 'C',
      'Wet grip class': 'A',
      'External rolling noise': '71 dB (class B)',
      'Severe snow (3PMSF)': 'Yes',
      'Ice grip': 'No',
      'EPREL registration': '412345',
    });
  });

  it('draws the EU label with a text alternative that says every value', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(labelledTyre)));
    renderDetails();
    const drawn = await screen.findByRole('img', { name: /^EU tyre label/ });
    expect(drawn).toHaveAccessibleName(
      `EU tyre label (Regulation (EU) 2020/740) for ${tyre.name}; ` +
        'fuel efficiency class C on a scale from A to E; wet grip class A on a scale from A to E; ' +
        'external rolling noise 71 dB, class B on a scale from A to C; ' +
        'severe snow symbol (3PMSF): yes; ice symbol: no; EPREL registration 412345.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'EU tyre label' })).toBeInTheDocument();
  });

  it('shows a part’s specification without a tyre’s rows or a label', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(battery)));
    renderDetails(battery._id);
    expect(await screen.findByRole('table', { name: 'Specification' })).toBeInTheDocument();
    expect(specRows()).toEqual({ Category: 'Part', SKU: battery.sku });
    expect(screen.queryByRole('img', { name: /^EU tyre label/ })).not.toBeInTheDocument();
  });

  it('tells search engines the product and its offer (JSON-LD)', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    const { container } = renderDetails();
    await screen.findByRole('heading', { level: 1, name: tyre.name });
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(JSON.parse(script.textContent!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tyre.name,
      description: tyre.description,
      image: tyre.img,
      sku: tyre.sku,
      offers: {
        '@type': 'Offer',
        price: '89.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('lets a visitor read it, asks them to sign in only to order, and brings them back', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    const user = userEvent.setup();
    const { router, store } = renderRoutes(
      [
        { path: '/productdetails/:id', element: <ProductDetailsRoute /> },
        { path: '/login', element: <Login /> },
      ],
      `/productdetails/${tyre._id}`,
      { auth: signedOutAuth },
    );
    expect(await screen.findByRole('heading', { level: 1, name: tyre.name })).toBeInTheDocument();
    const order = screen.getByRole('link', { name: 'Add to shopping bag' });
    expect(order).toHaveAccessibleDescription(
      'Sign in to order: you will come back to this product afterwards.',
    );
    await user.click(order);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(
      screen.getByText('Sign in to order: you will come back to this product afterwards.'),
    ).toBeInTheDocument();
    act(() => {
      store.dispatch(signedIn({ email: 'shopper@store.test', displayName: 'Demo Shopper' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: tyre.name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/productdetails/${tyre._id}`);
    await findOrderButton();
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
    await user.click(await findOrderButton());
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
    await user.click(await findOrderButton());
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
    await user.click(await findOrderButton());
    expect(screen.getByLabelText('Address')).toHaveValue('');
  });

  it('uses the email as the name when the account has no display name', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    renderDetails(tyre._id, null);
    await userEvent.click(await findOrderButton());
    expect(screen.getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'shopper@store.test',
    );
  });

  it('closes on Escape without ordering', async () => {
    server.use(http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)));
    renderDetails();
    await userEvent.click(await findOrderButton());
    const dialog = screen.getByRole('dialog');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
