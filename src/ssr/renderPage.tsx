/**
 * The server renderer: webpack builds this file for Node (`dist/server/renderPage.js`) and the
 * API loads it to answer public pages with HTML (server/src/http/pages.ts). It renders the same
 * routes and the same App as the browser, with a static router and a fresh store per page.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  generatePath,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import {
  NOT_FOUND_ADDRESS,
  type PageAddress,
  type PageRenderer,
  type PageRendererModule,
  type RenderedPage,
  type SendApiRequest,
} from '@contract/renderedPages';
import { App } from '../app/App';
import { routes, type PageHandle } from '../app/routes';
import { parsePage, searchFor } from '../ui/pageNumber';
import { readShopSearch, shopSearchString } from '../features/catalog/shopSearch';
import { api } from '../store/api';
import type { ServerState } from '../store/serverState';
import { answerApiCallsWith } from '../store/session';
import { makeStore, type AppStore } from '../store/store';
import { PageHeadContext, type PageHead } from '../ui/pageHead';
import { titled } from '../ui/usePageTitle';
import { scriptSafeJson } from './scriptSafeJson';

/** Renders after the first whose queries are still running: data that needs other data. */
const MAX_PASSES = 3;

const handler = createStaticHandler(routes);

/** The server-rendered pages' addresses, the first route of each page (not the not-found page). */
function publicPathsOf(tree: RouteObject[]): string[] {
  const pages = new Map<string, string>();
  const visit = (children: RouteObject[], base: string) => {
    for (const route of children) {
      const at = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
      const page = route.handle as PageHandle | undefined;
      if (page?.serverRendered && !page.status && !pages.has(page.chunk)) {
        pages.set(page.chunk, at || '/');
      }
      if (route.children) visit(route.children, at);
    }
  };
  visit(tree, '');
  return [...pages.values()];
}

/**
 * The query string of each page that reads one (by its chunk), as the page itself would rewrite
 * it: what it cannot read left out, the rest normalised and in a fixed order. Pages not named
 * here read no parameter, so every query string shows them the same.
 */
const PAGE_SEARCH: Record<string, (params: URLSearchParams) => string> = {
  shop: (params) => shopSearchString(readShopSearch(params), parsePage(params.get('page'))),
  reviews: (params) => searchFor(new URLSearchParams(), parsePage(params.get('page'))),
};

/** Where a request's path and query lead (see `PageRenderer.address`). */
function addressOf(url: string): PageAddress | null {
  const at = url.indexOf('?');
  const asked = at < 0 ? url : url.slice(0, at);
  // Only ever a path: `//x` is the path /x, not the address of a host x.
  const path = `/${asked}`.replace(/\/{2,}/g, '/');
  const matches = matchRoutes(routes, path);
  const page = matches?.at(-1)?.route.handle as PageHandle | undefined;
  if (!matches || !page?.serverRendered) return null;
  if (page.status === 404) return { canonical: NOT_FOUND_ADDRESS, moved: false };
  // The path as the routes write it: their case, no trailing slash, nothing escaped.
  const pattern = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/');
  const canonicalPath = generatePath(`/${pattern}`, matches.at(-1)!.params);
  const search = PAGE_SEARCH[page.chunk];
  // Twice: a value the first pass writes differently (1e21) reads back as the page reads it.
  const query = search
    ? search(new URLSearchParams(search(new URLSearchParams(at < 0 ? '' : url.slice(at + 1)))))
    : '';
  return { canonical: `${canonicalPath}${query}`, moved: asked !== canonicalPath };
}

/**
 * One synchronous render with the styles it used. Nothing on a public page suspends (the page's
 * chunk is loaded by the static handler, its data by the passes below, and the toasts wait for
 * the browser), so the HTML is the finished page.
 */
function renderToHtml(tree: ReactElement): { body: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const body = renderToString(sheet.collectStyles(tree));
    return { body, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/**
 * The kinds of data the page shows: the tag types its answers provide (`Product`, `Review`),
 * so the API keeps the page until data of one of those kinds changes.
 */
function shownData(store: AppStore): string[] {
  const { tags } = store.getState().api.provided;
  return Object.entries(tags)
    .filter(([, ids]) => ids && Object.keys(ids).length > 0)
    .map(([type]) => type)
    .sort();
}

/** The answers to hand over: the queries that succeeded, and the tags they provide. */
function dehydrate(store: AppStore): ServerState {
  const { queries, provided, ...rest } = store.getState().api;
  const answered = Object.fromEntries(
    Object.entries(queries).filter(([, query]) => query?.status === 'fulfilled'),
  );
  return { api: { ...rest, queries: answered, mutations: {}, provided } };
}

async function renderRoute(context: StaticHandlerContext, page: PageHandle): Promise<RenderedPage> {
  const store = makeStore();
  let head: PageHead = { title: titled(null), description: null, preloadImage: null };
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <PageHeadContext.Provider value={(told) => (head = { ...head, ...told })}>
      <App
        store={store}
        router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
      />
    </PageHeadContext.Provider>
  );
  // The page's queries start while it renders; render again once they have answered.
  let html = renderToHtml(tree);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (running.length === 0) break;
    await Promise.all(running);
    html = renderToHtml(tree);
  }
  return {
    status: page.status ?? 200,
    title: head.title,
    description: head.description,
    preloadImage: head.preloadImage,
    styles: html.styles,
    body: html.body,
    state: scriptSafeJson(dehydrate(store)),
    chunk: page.chunk,
    shows: shownData(store),
  };
}

/** The module's one export (library type commonjs2): what the API calls once it loaded it. */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = (
  send: SendApiRequest,
): PageRenderer => {
  answerApiCallsWith(send);
  return {
    address: addressOf,
    async render(url) {
      const context = await handler.query(new Request(new URL(url, 'http://localhost')));
      // No route has a loader or an action, so there is never a redirect or a thrown response.
      if (context instanceof Response) return null;
      const page = context.matches.at(-1)?.route.handle as PageHandle | undefined;
      return page?.serverRendered ? renderRoute(context, page) : null;
    },
    publicPaths: () => publicPathsOf(routes),
  };
};
