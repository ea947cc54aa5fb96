import { screen, within } from '@testing-library/react';
import { battery } from '../test/fixtures';
import { renderPage } from '../test/render';
import { ProductCard } from './ProductCard';

describe('ProductCard', () => {
  it('shows what the spec’s card shows and books through the details page', () => {
    renderPage(<ProductCard product={battery} />);
    const card = within(screen.getByRole('article', { name: battery.name }));
    expect(card.getByRole('img', { name: battery.name })).toHaveAttribute('src', battery.img);
    expect(card.getByRole('heading', { level: 3, name: battery.name })).toBeInTheDocument();
    expect(card.getByText(battery.description)).toBeInTheDocument();
    expect(card.getByText('$129.99')).toBeInTheDocument();
    expect(card.getByText('OrderQuantity').nextSibling).toHaveTextContent('1');
    expect(card.getByText('AvailableQuantity').nextSibling).toHaveTextContent('38');
    const book = card.getByRole('link', { name: 'Book Now' });
    expect(book).toHaveAttribute('href', `/productdetails/${battery._id}`);
    // Which product "Book Now" books is announced with the link.
    expect(book).toHaveAccessibleDescription(battery.name);
  });
});
