import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { battery, tyre } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ProductCards } from '../products/ProductGrid';

/** Answers the badges call with `badges`, and keeps each address it was asked. */
function badgesAnswer(badges: Record<string, string[]>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/promotions/badges', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.searchParams.get('market')} ${url.searchParams.get('ids')}`);
      return HttpResponse.json(badges);
    }),
  );
  return asked;
}

describe('PromotionBadges', () => {
  it('shows each card’s offers from one call for the whole page, in the shopper’s market', async () => {
    const asked = badgesAnswer({ [tyre._id]: ['4 for 3', 'Free fitting'] });
    // The shelf prices of a market other than the spec's US come with the page too.
    server.use(http.get('/api/markets/DE/prices', () => HttpResponse.json({ prices: [] })));
    renderPage(<ProductCards products={[tyre, battery]} />, '/?market=DE');
    const tyreCard = within(screen.getByRole('article', { name: tyre.name }));
    const offers = await tyreCard.findByRole('list', { name: 'Offers' });
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4 for 3', 'Free fitting']);
    const batteryCard = within(screen.getByRole('article', { name: battery.name }));
    expect(batteryCard.queryByRole('list', { name: 'Offers' })).not.toBeInTheDocument();
    expect(asked).toEqual([`DE ${[tyre._id, battery._id].sort().join(',')}`]);
  });

  it('shows nothing where no offer runs', async () => {
    const asked = badgesAnswer({});
    renderPage(<ProductCards products={[tyre]} />);
    await screen.findByRole('article', { name: tyre.name });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked).toEqual([`US ${tyre._id}`]);
    expect(screen.queryByRole('list', { name: 'Offers' })).not.toBeInTheDocument();
  });
});
