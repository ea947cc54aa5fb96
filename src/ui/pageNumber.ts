/**
 * A list split into pages, with its page in the URL (`/shop?q=winter&page=3`, `/review?page=2`):
 * reading the page number and writing the address of another page. The shop and the reviews
 * page share these with the Pagination links.
 */

/**
 * The highest page number asked of the API; anything above is surely past the end, and is sent
 * to the last page like any other page past the end.
 */
const MAX_PAGE = 1_000_000;

/**
 * The page a `page` search parameter asks for. Anything but a page number (missing, `0`, `-2`,
 * `1.5`, `abc`) is page 1. The page then rewrites its URL to the page shown.
 */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The search string of a list on `page`, other parameters kept; page 1 has no `page`. */
export function searchFor(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** How many pages `total` items make, `pageSize` a page: at least one (an empty list). */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** A page that starts after the last item, while there are items: a page that is not. */
export const isPastTheEnd = ({ offset, total }: { offset: number; total: number }) =>
  offset > 0 && offset >= total;

const count = (n: number) => n.toLocaleString('en-US');

/** "Showing 25–48 of 10,000 products"; `noun` singular and plural. */
export function showingText(
  { offset, shown, total }: { offset: number; shown: number; total: number },
  noun: { one: string; many: string },
): string {
  const name = total === 1 ? noun.one : noun.many;
  if (shown === 0) return `${count(total)} ${name}`;
  return `Showing ${count(offset + 1)}–${count(offset + shown)} of ${count(total)} ${name}`;
}
