import type { PagedProducts } from '../../store/api';

/** Products on a page of the shop: eight rows of three on a large screen. */
export const PAGE_SIZE = 24;

/** Cards whose pictures load first: the first row on a large screen. */
export const FIRST_ROW = 3;

/**
 * The highest page number asked of the API; anything above is surely past the end, and is sent
 * to the last page like any other page past the end.
 */
const MAX_PAGE = 1_000_000;

/**
 * The page a `page` search parameter asks for. Anything but a page number (missing, `0`, `-2`,
 * `1.5`, `abc`) is page 1. The URL is then rewritten to `canonicalSearch`.
 */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The search string of the shop on `page`, other parameters kept; page 1 has no `page`. */
export function searchFor(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `?${text}` : '';
}

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** A page that starts after the last product, while there are products: a page that is not. */
export const isPastTheEnd = (page: PagedProducts) => page.offset > 0 && page.offset >= page.total;

const count = (n: number) => n.toLocaleString('en-US');

/** "Showing 25–48 of 10,000 products". */
export function showingText({ offset, products, total }: PagedProducts): string {
  if (products.length === 0) return `${count(total)} products`;
  const noun = total === 1 ? 'product' : 'products';
  return `Showing ${count(offset + 1)}–${count(offset + products.length)} of ${count(total)} ${noun}`;
}
