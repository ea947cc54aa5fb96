import { screen, within } from '@testing-library/react';
import { renderPage } from '../../test/render';
import { portfolio } from './portfolioContent';
import { PortfolioPage } from './PortfolioPage';

describe('the portfolio page', () => {
  it('shows the developer from the content file: photo, name, education and skills', () => {
    renderPage(<PortfolioPage />, '/portfolio');
    expect(screen.getByRole('heading', { level: 1, name: portfolio.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: portfolio.photo.alt })).toHaveAttribute(
      'src',
      portfolio.photo.src,
    );
    const education = within(screen.getByRole('region', { name: 'Education' }));
    for (const entry of portfolio.education) {
      expect(education.getByRole('heading', { name: entry.degree })).toBeInTheDocument();
      expect(education.getByText(entry.institution)).toBeInTheDocument();
    }
    const skills = within(screen.getByRole('region', { name: 'Skills' }));
    for (const item of portfolio.skills.flatMap((group) => group.items)) {
      expect(skills.getByText(item)).toBeInTheDocument();
    }
    expect(document.title).toBe('Portfolio | Tyre & Auto Parts Store');
  });

  it('links to exactly three other projects, opening in a new tab', () => {
    renderPage(<PortfolioPage />, '/portfolio');
    const projects = within(screen.getByRole('list', { name: 'Projects' }));
    const cards = projects.getAllByRole('article');
    expect(cards).toHaveLength(3);
    portfolio.projects.forEach((project, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { name: project.name })).toBeInTheDocument();
      const live = card.getByRole('link', { name: /^Live site/ });
      expect(live).toHaveAttribute('href', project.liveUrl);
      expect(live).toHaveAttribute('target', '_blank');
      expect(live).toHaveAttribute('rel', 'noopener noreferrer');
      expect(live).toHaveAccessibleName('Live site (opens in a new tab)');
    });
  });
});
