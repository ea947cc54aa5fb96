import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../test/render';
import { Pagination, pageItems } from './Pagination';

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, 3, 4, 5, 'gap', 8]],
    [4, 8, [1, 2, 3, 4, 5, 'gap', 8]],
    [5, 8, [1, 'gap', 4, 5, 6, 7, 8]],
    [8, 8, [1, 'gap', 4, 5, 6, 7, 8]],
    [5, 417, [1, 'gap', 4, 5, 6, 'gap', 417]],
    [200, 417, [1, 'gap', 199, 200, 201, 'gap', 417]],
    [414, 417, [1, 'gap', 413, 414, 415, 416, 417]],
  ] as const)('page %i of %i: %j', (page, count, expected) => {
    expect(pageItems(page, count)).toEqual(expected);
  });

  it('always shows the first, the last and the current page, in seven items or fewer', () => {
    for (let count = 1; count <= 30; count += 1) {
      for (let page = 1; page <= count; page += 1) {
        const items = pageItems(page, count);
        expect(items.length).toBe(Math.min(count, 7));
        expect(items).toEqual(expect.arrayContaining([1, page, count]));
        const numbers = items.filter((item) => item !== 'gap');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});

describe('Pagination', () => {
  const hrefFor = (n: number) => (n === 1 ? '/shop' : `/shop?page=${n}`);

  it('is a labelled navigation with the current page marked and previous/next links', () => {
    renderPage(<Pagination page={5} pageCount={417} hrefFor={hrefFor} label="Product pages" />);
    const nav = within(screen.getByRole('navigation', { name: 'Product pages' }));
    expect(nav.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/shop?page=4',
    );
    expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/shop?page=6');
    expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/shop');
    expect(nav.getByRole('link', { name: 'Page 417' })).toHaveAttribute('href', '/shop?page=417');
    // Gaps are drawn, not announced.
    expect(nav.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1',
      '4',
      '5',
      '6',
      '417',
    ]);
  });

  it('offers no Previous on the first page and no Next on the last', () => {
    const first = renderPage(
      <Pagination page={1} pageCount={3} hrefFor={hrefFor} label="Product pages" />,
    );
    const nav = () => within(screen.getByRole('navigation', { name: 'Product pages' }));
    expect(nav().queryByRole('link', { name: /Previous/ })).not.toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Next page' })).toBeInTheDocument();
    first.unmount();
    renderPage(<Pagination page={3} pageCount={3} hrefFor={hrefFor} label="Product pages" />);
    expect(nav().getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing for a single page', () => {
    renderPage(<Pagination page={1} pageCount={1} hrefFor={hrefFor} label="Product pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says when a page link is about to be followed, so the page can be loaded ahead', async () => {
    const intents: number[] = [];
    renderPage(
      <Pagination
        page={2}
        pageCount={9}
        hrefFor={hrefFor}
        label="Product pages"
        onIntent={(n) => intents.push(n)}
      />,
    );
    await userEvent.hover(screen.getByRole('link', { name: 'Next page' }));
    await userEvent.tab();
    expect(intents).toEqual([3, 1]);
  });
});
