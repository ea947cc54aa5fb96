import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { battery, tyre } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { FeaturedProducts } from './FeaturedProducts';

describe("the landing page's products", () => {
  it('fetches only the six it shows, not the whole catalogue', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/product', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([tyre, battery], { headers: { 'x-total-count': '10000' } });
      }),
    );
    renderPage(<FeaturedProducts />);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('heading', { level: 3, name: tyre.name })).toBeInTheDocument();
    expect(asked).toEqual(['?limit=6&offset=0']);
    // Below the hero: every picture waits until it is scrolled near.
    for (const img of within(list).getAllByRole('img', { hidden: true })) {
      expect(img).toHaveAttribute('loading', 'lazy');
    }
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/shop');
  });
});
