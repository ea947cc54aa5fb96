import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { apiError } from '../../test/apiHandlers';
import { bagApiHandlers, bagLine } from '../../test/bagFixtures';
import { battery, tyre } from '../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { BagPage } from './BagPage';

function LoginStub() {
  const state = useLocation().state as { from: { pathname: string }; notice: string };
  return (
    <p>
      Login page, back to {state.from.pathname}: {state.notice}
    </p>
  );
}

const routes = [
  { path: '/bag', element: <BagPage /> },
  { path: '/login', element: <LoginStub /> },
  { path: '/checkout', element: <p>Checkout page</p> },
  { path: '/shop', element: <p>Shop page</p> },
];

const lineOf = (name: string) => within(screen.getByRole('listitem', { name }));

/** The German shelf prices of the bag's products (minor units), as the API answers them. */
const germanPrices = (prices: Record<string, number>) =>
  http.get('/api/markets/DE/prices', () =>
    HttpResponse.json({
      market: 'DE',
      currency: 'EUR',
      prices: Object.entries(prices).map(([productId, minor]) => ({
        productId,
        minor,
        own: false,
      })),
    }),
  );

beforeEach(() => localStorage.clear());

describe('the bag page of a signed-in shopper', () => {
  it('shows each line with its picture, unit price, quantity and total, and the subtotal', async () => {
    server.use(...bagApiHandlers([bagLine(tyre, 4), bagLine(battery, 1)]).handlers);
    renderRoutes(routes, '/bag', { auth: signedInAuth() });
    await screen.findByRole('heading', { level: 2, name: tyre.name });
    const tyres = lineOf(tyre.name);
    // The picture is decorative beside the name (alt=""), so it has no role of its own.
    expect(screen.getByRole('listitem', { name: tyre.name }).querySelector('img')).toHaveAttribute(
      'src',
      tyre.img,
    );
    expect(tyres.getByText('$89.99 each')).toBeInTheDocument();
    expect(tyres.getByRole('group', { name: `Quantity, ${tyre.name}` })).toHaveTextContent('4');
    expect(tyres.getByText('$359.96')).toBeInTheDocument();
    expect(screen.getByText('Subtotal: $489.95')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('changes a quantity with the stepper and removes a line, on the server', async () => {
    const api = bagApiHandlers([bagLine(tyre, 4), bagLine(battery, 1)]);
    server.use(...api.handlers);
    renderRoutes(routes, '/bag', { auth: signedInAuth() });
    await screen.findByRole('heading', { level: 2, name: tyre.name });

    await userEvent.click(screen.getByRole('button', { name: `One more ${tyre.name}` }));
    expect(await screen.findByText('Subtotal: $579.94')).toBeInTheDocument();
    expect(lineOf(tyre.name).getByRole('group')).toHaveTextContent('5');
    // One fewer battery would be none: that is Remove's job.
    expect(screen.getByRole('button', { name: `One fewer ${battery.name}` })).toBeDisabled();

    await userEvent.click(lineOf(battery.name).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Subtotal: $449.95')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: battery.name })).not.toBeInTheDocument();
    expect(api.writes).toEqual([`PUT ${tyre._id} 5`, `DELETE ${battery._id}`]);
  });

  it('says what is wrong with a line, and holds checkout until it is changed or removed', async () => {
    const api = bagApiHandlers([
      bagLine(tyre, 8, {
        availablequantity: 3,
        problem: 'Only 3 left: lower the quantity to 3 or remove it.',
      }),
      bagLine(battery, 1, {
        priceWhenAdded: 119.99,
        problem: 'The price changed from $119.99 to $129.99 since you added it.',
      }),
    ]);
    server.use(...api.handlers);
    renderRoutes(routes, '/bag', { auth: signedInAuth() });
    await screen.findByRole('heading', { level: 2, name: tyre.name });

    expect(
      lineOf(tyre.name).getByText('Only 3 left: lower the quantity to 3 or remove it.'),
    ).toBeInTheDocument();
    // A changed price: the old one struck through, then the new.
    const battery$ = lineOf(battery.name);
    expect(battery$.getByText('$119.99').tagName).toBe('S');
    expect(battery$.getByText(/\$129\.99 each/)).toBeInTheDocument();

    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(
      'A product in your bag cannot be ordered as it is: change or remove it first.',
    );
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();

    // One fewer goes straight to what can be ordered (the API would refuse 7).
    await userEvent.click(screen.getByRole('button', { name: `One fewer ${tyre.name}` }));
    expect(api.writes).toEqual([`PUT ${tyre._id} 3`]);
  });

  it("shows a German shopper's bag at the market's shelf prices, VAT included, never dollars", async () => {
    server.use(
      germanPrices({ [tyre._id]: 8299, [battery._id]: 11999 }),
      ...bagApiHandlers([
        bagLine(tyre, 4),
        // Its dollar price moved: the German shelf shows today's euro price, what checkout takes.
        bagLine(battery, 1, {
          priceWhenAdded: 119.99,
          problem: 'The price changed from $119.99 to $129.99 since you added it.',
        }),
      ]).handlers,
    );
    renderRoutes(routes, '/bag?market=DE', { auth: signedInAuth() });
    await screen.findByRole('heading', { level: 2, name: tyre.name });
    const tyres = lineOf(tyre.name);
    expect(await tyres.findByText(/^82,99\s€ each$/)).toBeInTheDocument();
    // 4 × €82.99.
    expect(tyres.getByText(/^331,96\s€$/)).toBeInTheDocument();
    const batteries = lineOf(battery.name);
    expect(batteries.getByText(/^119,99\s€ each$/)).toBeInTheDocument();
    expect(batteries.queryByText(/price changed/)).not.toBeInTheDocument();
    // €331.96 + €119.99.
    expect(screen.getByRole('region', { name: 'Subtotal' })).toHaveTextContent(
      /^Subtotal: 451,95\s€ incl\. 19\s% VAT/,
    );
    expect(document.body.textContent).not.toContain('$');
  });

  it('shows the API’s refusal of a change on its line', async () => {
    server.use(...bagApiHandlers([bagLine(tyre, 4)]).handlers);
    // Used before the handlers above (a later server.use comes first).
    server.use(
      http.put('/api/bag/items/:productId', () =>
        apiError(409, 'Only 4 left: lower the quantity to 4 or remove it.'),
      ),
    );
    renderRoutes(routes, '/bag', { auth: signedInAuth() });
    await userEvent.click(await screen.findByRole('button', { name: `One more ${tyre.name}` }));
    expect(await lineOf(tyre.name).findByRole('alert')).toHaveTextContent(
      'Only 4 left: lower the quantity to 4 or remove it.',
    );
  });

  it('shows a friendly empty state that leads to the shop', async () => {
    renderRoutes(routes, '/bag', { auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: 'Your bag is empty' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the shop' }));
    expect(await screen.findByText('Shop page')).toBeInTheDocument();
  });
});

describe('the saving of the promotions on the bag', () => {
  it('shows what the server says the offers take off, in the shopper’s market, asked again after a change', async () => {
    const api = bagApiHandlers([bagLine(tyre, 3)]);
    const asked: unknown[] = [];
    // Before the bag's own handlers, whose check answers no saving.
    server.use(
      http.post('/api/promotions/check', async ({ request }) => {
        asked.push(await request.json());
        // The server's word: the bag page computes no discount of its own.
        const four = asked.length > 1;
        return HttpResponse.json({
          currency: 'EUR',
          locale: 'de-DE',
          applied: four
            ? [
                {
                  promotionId: 'p1',
                  name: '4 for 3 on winter tyres',
                  code: null,
                  discountMinor: 8999,
                },
              ]
            : [],
          refused: [],
          savingMinor: four ? 8999 : 0,
        });
      }),
      ...api.handlers,
    );
    server.use(germanPrices({ [tyre._id]: 8299 }));
    renderRoutes(routes, '/bag?market=DE', { auth: signedInAuth() });
    await screen.findByRole('heading', { level: 2, name: tyre.name });
    const offers = within(screen.getByRole('region', { name: 'Offers and codes' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(offers.queryByText(/You save/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `One more ${tyre.name}` }));
    expect(await offers.findByText('You save 89,99 €')).toBeInTheDocument();
    expect(offers.getByText('4 for 3 on winter tyres')).toBeInTheDocument();
    expect(offers.getByText('−89,99 €')).toBeInTheDocument();
    expect(asked).toEqual([
      { country: 'DE', fitted: false, codes: [] },
      { country: 'DE', fitted: false, codes: [] },
    ]);
  });

  it('checks a code typed in the bag on the server, says why one does not apply, and keeps the one that does for the checkout', async () => {
    const api = bagApiHandlers([bagLine(tyre, 4)]);
    server.use(
      http.post('/api/promotions/check', async ({ request }) => {
        const { codes } = (await request.json()) as { codes: string[] };
        const flyer = codes.includes('FLYER');
        return HttpResponse.json({
          currency: 'EUR',
          locale: 'de-DE',
          applied: flyer
            ? [{ promotionId: 'p2', name: 'Flyer', code: 'FLYER', discountMinor: 3000 }]
            : [],
          refused: codes
            .filter((code) => code !== 'FLYER')
            .map((code) => ({ code, reason: `The code ${code} has expired.` })),
          savingMinor: flyer ? 3000 : 0,
        });
      }),
      ...api.handlers,
      germanPrices({ [tyre._id]: 8299 }),
    );
    renderRoutes(routes, '/bag?market=DE', { auth: signedInAuth() });
    const code = await screen.findByRole('textbox', { name: 'Discount code' });
    await userEvent.type(code, 'old{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code OLD has expired.');
    expect(localStorage.getItem('promotionCodes')).toBeNull();

    await userEvent.clear(code);
    await userEvent.type(code, 'flyer');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('You save 30,00 €')).toBeInTheDocument();
    expect(screen.getByText('Flyer (FLYER)')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('promotionCodes')!)).toEqual(['FLYER']);
  });
});

describe('the bag page of a guest', () => {
  it('shows the lines kept in this browser with today’s products, and leads to sign-in and back', async () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([
        { productId: tyre._id, quantity: 2, price: 79.99 },
        { productId: battery._id, quantity: 1, price: battery.price },
      ]),
    );
    const checked: unknown[] = [];
    server.use(
      http.get('/api/productDetails/:id', ({ params }) =>
        HttpResponse.json(params.id === tyre._id ? tyre : battery),
      ),
      http.post('/api/promotions/guest-check', async ({ request }) => {
        checked.push(await request.json());
        return HttpResponse.json({
          currency: 'USD',
          locale: 'en-US',
          applied: [],
          refused: [],
          savingMinor: 0,
        });
      }),
    );
    const { store } = renderRoutes(routes, '/bag');
    await screen.findByRole('heading', { level: 2, name: tyre.name });
    // The offers of a guest's bag are asked about with its lines (the server has no bag of theirs).
    await waitFor(() =>
      expect(checked[0]).toEqual({
        country: 'US',
        fitted: false,
        codes: [],
        items: [
          { productId: tyre._id, quantity: 2 },
          { productId: battery._id, quantity: 1 },
        ],
      }),
    );
    expect(lineOf(tyre.name).getByText('$79.99').tagName).toBe('S');
    expect(
      lineOf(tyre.name).getByText('The price changed from $79.99 to $89.99 since you added it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Subtotal: $309.97')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `One more ${tyre.name}` }));
    expect(await screen.findByText('Subtotal: $399.96')).toBeInTheDocument();
    await userEvent.click(lineOf(battery.name).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Subtotal: $269.97')).toBeInTheDocument();
    expect(store.getState().guestBag).toEqual([
      { productId: tyre._id, quantity: 3, price: tyre.price },
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Sign in to check out' }));
    expect(
      await screen.findByText(
        'Login page, back to /bag: Sign in to check out: your bag comes with you, and you come back to it.',
      ),
    ).toBeInTheDocument();
  });

  it('says when a product of the bag is gone from the store', async () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([{ productId: tyre._id, quantity: 2, price: tyre.price }]),
    );
    server.use(
      http.get('/api/productDetails/:id', () => apiError(404, 'No product with this id.')),
    );
    renderRoutes(routes, '/bag');
    expect(
      await screen.findByText('It is no longer in the store: remove it from your bag.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'Your bag is empty' })).toBeInTheDocument();
  });
});
