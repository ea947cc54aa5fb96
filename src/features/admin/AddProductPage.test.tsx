import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '@contract/copy';
import { api } from '../../store/api';
import { apiError, configHandler, uploadHandler } from '../../test/apiHandlers';
import { tyre } from '../../test/fixtures';
import { pngFile } from '../../test/files';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { AddProductPage } from './AddProductPage';
import { TYRES_ONLY } from '@contract/catalogTerms';
import { euLabelCopy } from '@contract/euLabelCopy';
import { TEXT_MAX } from '@contract/limits';
import { ORDER_QUANTITY_TOO_HIGH } from './productSchema';

const admin = { email: 'admin@store.test', displayName: 'Admin' };

function renderForm() {
  const routes = withToasts([
    { path: '/dashboard/addProduct', element: <AddProductPage /> },
    { path: '/dashboard', element: <h1>Dashboard home</h1> },
  ]);
  return renderRoutes(routes, '/dashboard/addProduct', {
    auth: signedInAuth({ user: admin, admin: true }),
  });
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: copy.addProduct.submit });

async function blurWith(label: string, typed: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), typed);
  await userEvent.tab();
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
  server.use(configHandler());
});
afterEach(() => localStorage.clear());

describe('Add Product', () => {
  it('has the spec’s heading and button', () => {
    renderForm();
    expect(
      screen.getByRole('heading', { level: 1, name: copy.addProduct.heading }),
    ).toBeInTheDocument();
    expect(submit()).toHaveAttribute('type', 'submit');
    for (const label of ['Price ($)', 'Order Quantity', 'Available Quantity']) {
      expect(field(label)).toHaveAttribute('type', 'number');
    }
  });

  it('shows each section-5 message under its own field', async () => {
    renderForm();
    await userEvent.click(submit());
    const expected: [string, string][] = [
      ['Product Name', copy.addProduct.nameRequired],
      ['Description', copy.addProduct.descriptionRequired],
      ['Price ($)', copy.addProduct.priceRequired],
      ['Order Quantity', copy.addProduct.orderQuantityRequired],
      ['Available Quantity', copy.addProduct.availableQuantityRequired],
      ['Image', copy.addProduct.imageRequired],
    ];
    await screen.findByText(copy.addProduct.nameRequired);
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      // The spec's own spelling, double space included, under the field it belongs to.
      expect(field(label).getAttribute('aria-describedby')).toBeTruthy();
      const ids = field(label).getAttribute('aria-describedby')!.split(' ');
      const texts = ids.map((id) => document.getElementById(id)?.textContent);
      expect(texts).toContain(message);
    }
    expect(field('Product Name')).toHaveFocus();
  });

  it.each([
    ['Price ($)', '-1', 'Price ($) must be 0 or more.'],
    ['Price ($)', '1.234', 'Price ($) can have at most two decimals (cents).'],
    ['Price ($)', '1000000.01', 'Price ($) can be at most 1,000,000.'],
    ['Order Quantity', '1.5', 'Order Quantity must be a whole number.'],
    ['Order Quantity', '-1', 'Order Quantity must be 0 or more.'],
    ['Available Quantity', '2.5', 'Available Quantity must be a whole number.'],
    ['Available Quantity', '-2', 'Available Quantity must be 0 or more.'],
    ['Available Quantity', '1000001', 'Available Quantity can be at most 1,000,000.'],
  ])('refuses %s %s', async (label, typed, message) => {
    renderForm();
    await blurWith(label, typed);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['Price ($)', '0'],
    ['Price ($)', '19.99'],
    ['Order Quantity', '0'],
    ['Available Quantity', '0'],
    ['Available Quantity', '1000000'],
  ])('takes %s %s', async (label, typed) => {
    renderForm();
    await blurWith(label, typed);
    expect(field(label)).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an order quantity that leaves nothing to order, in the API’s words', async () => {
    renderForm();
    await blurWith('Available Quantity', '5');
    await blurWith('Order Quantity', '5');
    expect(await screen.findByText(ORDER_QUANTITY_TOO_HIGH)).toBeInTheDocument();
    expect(ORDER_QUANTITY_TOO_HIGH).toBe(
      'Order Quantity must be less than the available quantity: shoppers can order only what is left above it.',
    );
    expect(field('Order Quantity')).toHaveAttribute('aria-invalid', 'true');
    await blurWith('Order Quantity', '4');
    await waitFor(() => expect(field('Order Quantity')).not.toHaveAttribute('aria-invalid'));
  });

  it('uploads the picture, adds the product with the spec’s keys, and the shop refetches', async () => {
    const upload = uploadHandler('/api/images/p9');
    let body: unknown = null;
    let auth: string | null = null;
    let productLoads = 0;
    server.use(
      upload.handler,
      http.get('/api/product', () => {
        productLoads += 1;
        return HttpResponse.json([tyre]);
      }),
      http.post('/api/product', async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
        return HttpResponse.json({ ...tyre, _id: 'new' }, { status: 201 });
      }),
    );
    const { router, store } = renderForm();
    const shop = store.dispatch(api.endpoints.getProductPage.initiate({ limit: 24, offset: 0 }));
    await waitFor(() => expect(productLoads).toBe(1));

    await userEvent.type(field('Product Name'), 'WinterGrip 195/65 R15');
    await userEvent.type(field('Description'), 'Winter tyre.');
    await userEvent.type(field('Price ($)'), '89.99');
    await userEvent.type(field('Order Quantity'), '2');
    await userEvent.type(field('Available Quantity'), '240');
    await userEvent.upload(field('Image'), pngFile('winter.png'));
    await userEvent.click(submit());

    expect(await screen.findByText(copy.addProduct.added)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(upload.seen.names).toEqual(['winter.png']);
    expect(auth).toBe('Bearer admin-token');
    expect(body).toEqual({
      name: 'WinterGrip 195/65 R15',
      description: 'Winter tyre.',
      price: 89.99,
      orderquantity: 2,
      availableauantity: 240,
      img: '/api/images/p9',
    });
    await waitFor(() => expect(productLoads).toBe(2));
    shop.unsubscribe();
  });

  it('sends the category, size and season the admin gives', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      uploadHandler('/api/images/p10').handler,
      http.post('/api/product', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...tyre, _id: 'new' }, { status: 201 });
      }),
    );
    renderForm();
    await userEvent.type(field('Product Name'), 'Nordica Van');
    await userEvent.type(field('Description'), 'Van tyre.');
    await userEvent.type(field('Price ($)'), '120');
    await userEvent.type(field('Order Quantity'), '1');
    await userEvent.type(field('Available Quantity'), '40');
    await userEvent.selectOptions(field('Category'), 'tyre');
    await userEvent.type(field('Tyre size'), '215/65R16C 109T');
    await userEvent.selectOptions(field('Season'), 'winter');
    await userEvent.upload(field('Image'), pngFile('van.png'));
    await userEvent.click(submit());
    await screen.findByText(copy.addProduct.added);
    expect(body).toMatchObject({
      category: 'tyre',
      width: 215,
      aspect: 65,
      rim: 16,
      loadIndex: 109,
      speedRating: 'T',
      season: 'winter',
    });
  });

  it('carries the EU label of a tyre, checked before sending, and none for a part', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      uploadHandler('/api/images/p12').handler,
      http.post('/api/product', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...tyre, _id: 'new' }, { status: 201 });
      }),
    );
    renderForm();
    const words = euLabelCopy.fields;
    // Shown for tyres only.
    expect(screen.queryByRole('group', { name: euLabelCopy.legend })).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Category'), 'part');
    expect(screen.queryByLabelText(euLabelCopy.hasLabel)).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Category'), 'tyre');
    await userEvent.click(field(euLabelCopy.hasLabel));
    await userEvent.type(field('Product Name'), 'Quiet Summer');
    await userEvent.type(field('Description'), 'Summer tyre.');
    await userEvent.type(field('Price ($)'), '99');
    await userEvent.type(field('Order Quantity'), '1');
    await userEvent.type(field('Available Quantity'), '40');
    await userEvent.type(field('Tyre size'), '205/55 R16 91V');
    await userEvent.upload(field('Image'), pngFile('quiet.png'));
    await blurWith(words.noiseDb, '95');
    await blurWith(words.eprel, 'EU-1');
    await userEvent.click(submit());
    expect(await screen.findByText(`${words.fuel} is required.`)).toBeInTheDocument();
    expect(screen.getByText(`${words.noiseDb} ${euLabelCopy.noiseRange}.`)).toBeInTheDocument();
    expect(screen.getByText(`${words.eprel} ${euLabelCopy.eprelProblem}.`)).toBeInTheDocument();
    expect(screen.getByText(`${words.noiseClass} is required.`)).toBeInTheDocument();

    await userEvent.selectOptions(field(words.fuel), 'B');
    await userEvent.selectOptions(field(words.wetGrip), 'A');
    await blurWith(words.noiseDb, '70');
    await userEvent.selectOptions(field(words.noiseClass), 'B');
    await userEvent.click(field(words.snow));
    await userEvent.clear(field(words.eprel));
    await userEvent.click(submit());
    await screen.findByText(copy.addProduct.added);
    expect(body.euLabel).toEqual({
      fuel: 'B',
      wetGrip: 'A',
      noiseDb: 70,
      noiseClass: 'B',
      snow: true,
      ice: false,
      eprel: null,
    });
  });

  it('sends the SKU the admin gives, and shows an SKU in use under its field', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      uploadHandler('/api/images/p11').handler,
      http.post('/api/product', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { error: 'Conflict', message: 'SKU WG-195 is in use by another product.', field: 'sku' },
          { status: 409 },
        );
      }),
    );
    renderForm();
    expect(field('SKU')).toHaveAccessibleDescription('Leave it empty to have one assigned.');
    await blurWith('SKU', 'not an sku!');
    expect(
      await screen.findByText(
        'SKU must be 1 to 40 letters, digits, dots, dashes, slashes or underscores, starting with a letter or digit.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(field('SKU'));
    await userEvent.type(field('Product Name'), 'WinterGrip');
    await userEvent.type(field('Description'), 'Winter tyre.');
    await userEvent.type(field('Price ($)'), '89.99');
    await userEvent.type(field('Order Quantity'), '2');
    await userEvent.type(field('Available Quantity'), '240');
    await userEvent.type(field('SKU'), ' WG-195 ');
    await userEvent.upload(field('Image'), pngFile());
    await userEvent.click(submit());
    expect(await screen.findByText('SKU WG-195 is in use by another product.')).toBeInTheDocument();
    expect(body.sku).toBe('WG-195');
    expect(field('SKU')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a size no tyre is made in, and a season on a wheel, before sending', async () => {
    renderForm();
    await blurWith('Tyre size', '207/55 R16');
    expect(
      await screen.findByText(
        'Tyre size must be a size tyres are made in: width 125–395 mm and aspect 20–95 % in steps of 5, rim 10–24 inches in whole or half inches, as in 205/55 R16.',
      ),
    ).toBeInTheDocument();
    await blurWith('Tyre size', '205/55 R16');
    await userEvent.selectOptions(field('Season'), 'winter');
    await userEvent.selectOptions(field('Category'), 'wheel');
    await userEvent.tab();
    expect(await screen.findByText(TYRES_ONLY)).toBeInTheDocument();
    expect(field('Category')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why the API refused, keeps the form, and puts a field’s message under it', async () => {
    server.use(
      uploadHandler().handler,
      http.post('/api/product', () =>
        apiError(400, 'Available Quantity can be at most 1,000,000.', 'availableauantity'),
      ),
    );
    const { router } = renderForm();
    await userEvent.type(field('Product Name'), 'Brake pads');
    await userEvent.type(field('Description'), 'Front axle.');
    await userEvent.type(field('Price ($)'), '45');
    await userEvent.type(field('Order Quantity'), '1');
    await userEvent.type(field('Available Quantity'), '10');
    await userEvent.upload(field('Image'), pngFile());
    await userEvent.click(submit());

    // Said once, under the field (no toast repeating it).
    expect(await screen.findAllByText('Available Quantity can be at most 1,000,000.')).toHaveLength(
      1,
    );
    expect(field('Available Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/dashboard/addProduct');
    expect(field('Product Name')).toHaveValue('Brake pads');
  });

  it('toasts a refusal of the admin right', async () => {
    server.use(
      uploadHandler().handler,
      http.post('/api/product', () => apiError(403, 'Only admins can do this.')),
    );
    renderForm();
    await userEvent.type(field('Product Name'), 'Brake pads');
    await userEvent.type(field('Description'), 'Front axle.');
    await userEvent.type(field('Price ($)'), '45');
    await userEvent.type(field('Order Quantity'), '1');
    await userEvent.type(field('Available Quantity'), '10');
    await userEvent.upload(field('Image'), pngFile());
    await userEvent.click(submit());
    expect(await screen.findByText('Only admins can do this.')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('takes no more text in a field than the API does', () => {
    renderForm();
    expect(field('Product Name')).toHaveAttribute('maxlength', String(TEXT_MAX.productName));
    expect(field('Description')).toHaveAttribute('maxlength', String(TEXT_MAX.description));
    for (const label of ['Price ($)', 'Order Quantity', 'Available Quantity']) {
      expect(field(label)).not.toHaveAttribute('maxlength');
    }
  });
});
