import { screen, within } from '@testing-library/react';
import type { EuLabel } from '@contract/euLabel';
import { battery, tyre } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { ProductCard } from './ProductCard';

const label: EuLabel = {
  fuel: 'B',
  wetGrip: 'A',
  noiseDb: 71,
  noiseClass: 'B',
  snow: false,
  ice: false,
  eprel: '412345',
};

describe('ProductCard', () => {
  it('shows what the spec’s card shows and books through the details page', () => {
    const { container } = renderPage(<ProductCard product={battery} />);
    const card = within(screen.getByRole('article', { name: battery.name }));
    const page = `/productdetails/${battery._id}`;
    // The picture leads to the product's page for a pointer, hidden from screen readers and
    // the keyboard: the name's link is the one they meet.
    const picture = container.querySelector(`img[src="${battery.img}"]`)!;
    expect(picture).toHaveAttribute('alt', battery.name);
    expect(picture.closest('a')).toHaveAttribute('href', page);
    expect(picture.closest('a')).toHaveAttribute('tabindex', '-1');
    const heading = card.getByRole('heading', { level: 3, name: battery.name });
    expect(within(heading).getByRole('link', { name: battery.name })).toHaveAttribute('href', page);
    expect(card.getByText(battery.description)).toBeInTheDocument();
    expect(card.getByText('$129.99')).toBeInTheDocument();
    expect(card.getByText('OrderQuantity').nextSibling).toHaveTextContent('1');
    expect(card.getByText('AvailableQuantity').nextSibling).toHaveTextContent('38');
    const book = card.getByRole('link', { name: 'Book Now' });
    expect(book).toHaveAttribute('href', page);
    // Which product "Book Now" books is announced with the link.
    expect(book).toHaveAccessibleDescription(battery.name);
    // No tyre, no label.
    expect(card.queryByRole('list', { name: 'EU tyre label' })).not.toBeInTheDocument();
  });

  it('shows a tyre’s fuel, wet-grip and noise badges, each named in full', () => {
    renderPage(<ProductCard product={{ ...tyre, euLabel: label }} />);
    const badges = within(screen.getByRole('list', { name: 'EU tyre label' }));
    expect(badges.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Fuel BFuel efficiency B',
      'Wet AWet grip A',
      '71 dBNoise 71 dB',
    ]);
  });
});
