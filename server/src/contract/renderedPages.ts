/**
 * Between the server renderer (built by webpack from `src/ssr/`, into `dist/server/`) and the API
 * that serves its pages (`server/src/http/pages.ts`): plain types, no TypeBox, as no request
 * carries them.
 */

/** The id of the `<script type="application/json">` that hands the page's data to the browser. */
export const SERVER_STATE_ID = 'server-state';

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
}

/** How the renderer asks the API for data: a request in, the API's response out. */
export type SendApiRequest = (request: Request) => Promise<Response>;

export interface PageRenderer {
  /** The page at `url` (path and query), or null when it is not rendered on the server. */
  render(url: string): Promise<RenderedPage | null>;
  /** The address of each public page, once per page (`/` but not its alias `/home`). */
  publicPaths(): string[];
}

/** What `dist/server/renderPage.js` exports. */
export interface PageRendererModule {
  createPageRenderer(send: SendApiRequest): PageRenderer;
}
