/**
 * Between the server renderer (built by webpack from `src/ssr/`, into `dist/server/`) and the API
 * that serves its pages (`server/src/http/pages.ts`): plain types, no TypeBox, as no request
 * carries them.
 */

/** The id of the `<script type="application/json">` that hands the page's data to the browser. */
export const SERVER_STATE_ID = 'server-state';

/**
 * The name of the `<meta>` that lists a page's own scripts (its chunk's files) for the entry
 * (src/boot.ts) to fetch once the page is painted, beside the app's chunk.
 */
export const PAGE_SCRIPTS_META = 'page-scripts';

/**
 * The kinds of the store's data a page can show, named as the SPA's API slice tags its answers
 * (RTK Query tag types). A page is kept until data of a kind it shows changes: a new review
 * renders again the pages that show reviews, not the shop.
 */
export const PAGE_DATA = { products: 'Product', reviews: 'Review' } as const;

/**
 * The cars (the picker's lists, a chosen car): a kind of data pages show too, apart from
 * PAGE_DATA only so that the SPA's entry, which reads PAGE_DATA, does not carry it.
 */
export const PAGE_VEHICLES = 'Vehicle';

/** A tyre model's own data (its pictures): its pages show it beside its sizes' `Product` tags. */
export const PAGE_MODELS = 'Model';

/**
 * The tag ids that stand for lists rather than one item (beside the items' own ids): `LIST`, a
 * list of a kind (what it holds and in which order may change with any item of that kind);
 * `IN_STOCK`, a list of products in stock only (it may change with any product's stock too).
 */
export const PAGE_LISTS = { all: 'LIST', inStock: 'IN_STOCK' } as const;

/** A public page as React rendered it on the server, in parts the API puts into index.html. */
export interface RenderedPage {
  /** 200, or 404 for the not-found page. */
  status: number;
  /** The page's full title and its meta description (null: the HTML's default). */
  title: string;
  description: string | null;
  /** The picture to ask for first (the page's largest above the fold), if any. */
  preloadImage: string | null;
  /** styled-components' `<style>` elements of the rendered components. */
  styles: string;
  /** The HTML inside `#root`. */
  body: string;
  /** The store state the page rendered with, as JSON safe inside a `<script>` element. */
  state: string;
  /** The page's webpack chunk name: the HTML loads its files with the entry. */
  chunk: string;
  /** Not for search engines: the HTML's head says `noindex` (a shared comparison). */
  noindex?: boolean;
  /**
   * What the page shows, as the tags its API answers provide, `kind:id`: `Product:<id>` for
   * each product on it, `Product:LIST` for a list of products, `Product:IN_STOCK` for a list of
   * products in stock (PAGE_LISTS), `Review:…` alike. A bare kind (`Product`) stands for
   * anything of that kind. The page is kept until one of these changes.
   */
  shows: string[];
  /**
   * The UTC year it was rendered in (its footer shows it): the page is kept only while that is
   * this year.
   */
  year: number;
}

/**
 * How a store's API calls reach the API: a request in, the API's response out (`fetch` in the
 * browser; the API process itself for the server renderer's stores).
 */
export type SendApiRequest = (request: Request) => Promise<Response>;

/**
 * Where an address leads, known before anything is rendered: the page's one address, under
 * which it is rendered and kept, so that no other way of writing it renders it again.
 */
export interface PageAddress {
  /**
   * The path as the page's route writes it, then only the query parameters the page reads,
   * normalised and in a fixed order, defaults left out (`/shop?q=winter&page=2` for
   * `/shop?page=2&utm_source=x&q=winter`); `NOT_FOUND_ADDRESS` for every unknown path.
   */
  canonical: string;
  /**
   * The path asked for is another way of writing the page's (`/Shop/`, `//shop`,
   * `/%73hop`): the visitor is sent to `canonical` rather than served there.
   */
  moved: boolean;
  /**
   * One of many pages of its route (a search, a product's page): kept and queued apart from
   * the handful of plain pages (`/`, `/shop`), so that however many are asked for, those plain
   * pages stay kept and render in their turn.
   */
  oneOfMany: boolean;
}

/** The one address of the not-found page: every path no route knows shows this same page. */
export const NOT_FOUND_ADDRESS = '/*';

export interface PageRenderer {
  /**
   * Where `url` (a request's path and query, as it arrived) leads; null when that page is not
   * rendered on the server (signed-in pages). A path is never read as a host (`//x` is the
   * path `/x`).
   */
  address(url: string): PageAddress | null;
  /** The page at a canonical address (`PageAddress.canonical`), or null when it is not rendered on the server. */
  render(url: string): Promise<RenderedPage | null>;
  /** The address of each public page, once per page (`/` but not its alias `/home`). */
  publicPaths(): string[];
}

/** What `dist/server/renderPage.js` exports. */
export interface PageRendererModule {
  createPageRenderer(send: SendApiRequest): PageRenderer;
}
