import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiError } from '../../test/apiHandlers';
import { bagApiHandlers, bagLine } from '../../test/bagFixtures';
import { battery, tyre } from '../../test/fixtures';
import { renderPage, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { ProductCard } from './ProductCard';

beforeEach(() => localStorage.clear());

const cardOf = (name: string) => within(screen.getByRole('article', { name }));
const guestBag = () => JSON.parse(localStorage.getItem('guestBag') ?? '[]') as unknown[];

describe('Add to bag on a product card', () => {
  it('puts a guest’s quantity in this browser’s bag and says so, with a way to the bag', async () => {
    const { store } = renderPage(<ProductCard product={battery} />);
    const card = cardOf(battery.name);
    const quantity = card.getByRole('spinbutton', { name: `Quantity of ${battery.name}` });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    const add = card.getByRole('button', { name: 'Add to bag' });
    expect(add).toHaveAccessibleDescription(battery.name);
    await userEvent.click(add);
    expect(await card.findByRole('status')).toHaveTextContent('Added 3: your bag has 3 of these.');
    expect(card.getByRole('link', { name: 'View bag' })).toHaveAttribute('href', '/bag');
    expect(store.getState().guestBag).toEqual([
      { productId: battery._id, quantity: 3, price: battery.price },
    ]);
    expect(guestBag()).toHaveLength(1);
    // Parts have no pair or set buttons.
    expect(card.queryByRole('button', { name: 'Add 4 to bag' })).not.toBeInTheDocument();
  });

  it('offers tyres 2 and 4 in one tap, adding to what the bag has', async () => {
    const { store } = renderPage(<ProductCard product={tyre} />);
    const card = cardOf(tyre.name);
    await userEvent.click(card.getByRole('button', { name: 'Add 4 to bag' }));
    expect(await card.findByText('Added 4: your bag has 4 of these.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Add 2 to bag' }));
    expect(await card.findByText('Added 2: your bag has 6 of these.')).toBeInTheDocument();
    expect(store.getState().guestBag).toEqual([
      { productId: tyre._id, quantity: 6, price: tyre.price },
    ]);
  });

  it('refuses more than the stock lets orders take, before any request, and odd quantities', async () => {
    // 38 in stock, 1 kept back: 37 can be ordered. No handler: a request would fail the test.
    renderPage(<ProductCard product={battery} />);
    const card = cardOf(battery.name);
    const quantity = card.getByRole('spinbutton', { name: `Quantity of ${battery.name}` });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '38');
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    expect(await card.findByText('Only 37 can be ordered.')).toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '30');
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    await card.findByText('Added 30: your bag has 30 of these.');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '8');
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    expect(
      await card.findByText('Only 37 can be ordered, and your bag already has 30.'),
    ).toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    expect(await card.findByText('Enter a whole number, 1 or more.')).toBeInTheDocument();
  });

  it('keeps its status region for screen readers before anything is said', async () => {
    // A live region hidden with display:none is out of the accessibility tree: what is put in it
    // later is not announced. Empty, it is only out of sight.
    renderPage(<ProductCard product={battery} />);
    const card = cardOf(battery.name);
    const status = card.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    expect(status).toHaveTextContent('Added 1: your bag has 1 of this.');
    expect(status).toBeVisible();
  });

  it('shows an out-of-stock product without the control', () => {
    renderPage(<ProductCard product={{ ...battery, availablequantity: 1 }} />);
    const card = cardOf(battery.name);
    expect(card.getByText('Out of stock right now.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
  });

  it('sets the signed-in shopper’s line on the server to what it had plus what is added', async () => {
    const api = bagApiHandlers([bagLine(tyre, 2)]);
    server.use(...api.handlers);
    renderPage(<ProductCard product={tyre} />, '/', { auth: signedInAuth() });
    const card = cardOf(tyre.name);
    await userEvent.click(card.getByRole('button', { name: 'Add 4 to bag' }));
    expect(await card.findByText('Added 4: your bag has 6 of these.')).toBeInTheDocument();
    expect(api.writes).toEqual([`PUT ${tyre._id} 6`]);
  });

  it('shows the API’s refusal in its words', async () => {
    server.use(
      http.get('/api/bag', () => HttpResponse.json({ items: [], total: 0, notices: [] })),
      http.put('/api/bag/items/:productId', () =>
        apiError(409, 'Only 3 left: lower the quantity to 3 or remove it.'),
      ),
    );
    renderPage(<ProductCard product={battery} />, '/', { auth: signedInAuth() });
    const card = cardOf(battery.name);
    await userEvent.click(card.getByRole('button', { name: 'Add to bag' }));
    expect(
      await card.findByText('Only 3 left: lower the quantity to 3 or remove it.'),
    ).toBeInTheDocument();
  });
});
