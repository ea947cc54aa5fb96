import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { review } from '../test/fixtures';
import { ReviewCard } from './ReviewCard';
import { theme } from './theme';

function renderCard(props: Parameters<typeof ReviewCard>[0]) {
  return render(
    <ThemeProvider theme={theme}>
      <ReviewCard {...props} />
    </ThemeProvider>,
  );
}

describe('ReviewCard', () => {
  it('shows the name, the description, the Ratings beside the stars and the photo', () => {
    renderCard({ review });
    const card = within(screen.getByRole('article', { name: review.name }));
    expect(card.getByRole('heading', { level: 3, name: review.name })).toBeInTheDocument();
    expect(card.getByText(review.description)).toBeInTheDocument();
    const rating = card.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(rating).toHaveTextContent('4');
    expect(rating.querySelectorAll('svg')).toHaveLength(5);
    expect(card.getByRole('img', { name: `Photo of ${review.name}` })).toHaveAttribute(
      'src',
      review.img,
    );
  });

  it('never shows the reviewer’s address', () => {
    const { container } = renderCard({ review });
    expect(container).not.toHaveTextContent(review.address);
    expect(container).not.toHaveTextContent('Krakow');
    expect(container.innerHTML).not.toContain('Poland');
  });

  it('shows initials when the uploaded photo cannot be loaded', () => {
    renderCard({ review });
    fireEvent.error(screen.getByRole('img', { name: `Photo of ${review.name}` }));
    const fallback = screen.getByRole('img', { name: `Photo of ${review.name}` });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('MK');
  });

  it('can sit directly under a page heading', () => {
    renderCard({ review, headingLevel: 2 });
    expect(screen.getByRole('heading', { level: 2, name: review.name })).toBeInTheDocument();
  });
});
