import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { battery, tyre } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ShopPage } from './ShopPage';

describe('the shop', () => {
  it('shows every product from the API as a card', async () => {
    server.use(http.get('/api/product', () => HttpResponse.json([tyre, battery])));
    renderPage(<ShopPage />, '/shop');

    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);

    const card = within(cards[0]!);
    expect(card.getByRole('heading', { name: tyre.name })).toBeInTheDocument();
    expect(card.getByRole('img', { name: tyre.name })).toHaveAttribute('src', tyre.img);
    expect(card.getByText(tyre.description)).toBeInTheDocument();
    expect(card.getByText('$89.99')).toBeInTheDocument();
    expect(card.getByText('OrderQuantity').nextSibling).toHaveTextContent('2');
    expect(card.getByText('AvailableQuantity').nextSibling).toHaveTextContent('240');
    expect(card.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      `/productdetails/${tyre._id}`,
    );
    expect(document.title).toBe('Shop | Tyre & Auto Parts Store');
  });

  it('says when the products cannot be loaded and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get('/api/product', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'Not Found', message: 'gone' }, { status: 404 })
          : HttpResponse.json([battery]);
      }),
    );
    renderPage(<ShopPage />, '/shop');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the products');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: battery.name })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
