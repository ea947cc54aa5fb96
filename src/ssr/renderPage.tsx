/**
 * The server renderer: webpack builds this file for Node (`dist/server/renderPage.js`) and the
 * API loads it to answer public pages with HTML (server/src/http/pages.ts). It renders the same
 * routes and the same App as the browser, with a static router and a fresh store per page: the
 * routes' loaders put the page's data in that store first, so the page renders once.
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
import { NoScriptCar } from '../features/landing/noScriptCar';
import { routes, type PageHandle } from '../app/routes';
import { parsePage, searchFor } from '../ui/pageNumber';
import { readShopSearch, shopSearchString } from '../features/catalog/shopSearch';
import { noIdentity } from '../store/identity';
import { carPickSearch, readCarPick } from '../shared/vehicles/myCar';
import { loaderContext, type PageQuery } from '../store/pageLoader';
import type { ServerState } from '../store/serverState';
import { makeStore, type AppStore } from '../store/store';
import { carPickQueries } from '../shared/vehicles/vehiclesApi';
import { LandingCar } from '../shared/vehicles/LandingCar';
import { PageHeadContext, type PageHead } from '../ui/pageHead';
import { RenderYearContext, utcYearNow } from '../shared/renderYear';
import { titled } from '../ui/usePageTitle';
import { scriptSafeJson } from './scriptSafeJson';
import { marketsApi } from '../shared/markets/marketsApi';
import { marketInAddress, SPEC_MARKET } from '../shared/markets/marketChoice';
import { modelPageSearch } from '../features/models/modelPageSearch';

const handler = createStaticHandler(routes);

/**
 * The server-rendered pages' addresses, the first route of each page (not the not-found page,
 * nor a page not for search engines, nor a page of many such as a product's: the API lists
 * those from the catalogue).
 */
function publicPathsOf(tree: RouteObject[]): string[] {
  const pages = new Map<string, string>();
  const visit = (children: RouteObject[], base: string) => {
    for (const route of children) {
      const at = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
      const page = route.handle as PageHandle | undefined;
      const listed = page?.serverRendered && !page.status && !page.noindex;
      if (listed && !at.includes(':') && !pages.has(page.chunk)) {
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
  // The car picker's choices so far are its steps without the script (CarPicker); the shop's
  // picker shows only while no car is chosen.
  landing: (params) => carPickSearch(readCarPick(params)),
  shop: (params) => {
    const search = readShopSearch(params);
    const shop = shopSearchString(search, parsePage(params.get('page')));
    const pick = search.vehicle ? '' : carPickSearch(readCarPick(params));
    return shop && pick ? `${shop}&${pick.slice(1)}` : shop || pick;
  },
  reviews: (params) => searchFor(new URLSearchParams(), parsePage(params.get('page'))),
  // A model's chosen size, and a comparison's tyres (both pages are the `model` chunk).
  model: modelPageSearch,
};

/**
 * What a page shows only to a visitor without the script, by its chunk: asked for by the
 * server alone, after its loader, so the browser's loaders and first JavaScript stay without
 * it. The landing page's car picker (NoScriptCar), at the step its address asks for.
 */
const NO_SCRIPT_QUERIES: Record<string, (params: URLSearchParams) => PageQuery[]> = {
  landing: (params) => carPickQueries(readCarPick(params)),
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
  if (page.status === 404) return { canonical: NOT_FOUND_ADDRESS, moved: false, oneOfMany: false };
  // The path as the routes write it: their case, no trailing slash, nothing escaped.
  const pattern = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/');
  const canonicalPath = generatePath(`/${pattern}`, matches.at(-1)!.params);
  const search = PAGE_SEARCH[page.chunk];
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  // Twice: a value the first pass writes differently (1e21) reads back as the page reads it.
  const pageQuery = search ? search(new URLSearchParams(search(params))) : '';
  const query = withMarketQuery(pageQuery, marketInAddress(params));
  return {
    canonical: `${canonicalPath}${query}`,
    moved: asked !== canonicalPath,
    // A route with a parameter (a product's) has as many pages as there are values.
    oneOfMany: query !== '' || pattern.includes(':'),
  };
}

/**
 * A page's query with the shopper's market (every page's header shows it; its prices are in it),
 * last, and left out for the spec's US.
 */
function withMarketQuery(query: string, market: string | null): string {
  if (!market || market === SPEC_MARKET) return query;
  return `${query}${query ? '&' : '?'}market=${market}`;
}

/**
 * One synchronous render with the styles it used. Nothing on a public page suspends (the page's
 * chunk is loaded by the static handler, its data by its loader, and the toasts wait for the
 * browser), so the HTML is the finished page.
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
 * What the page shows: the tags its answers provide (`Product:<id>`, `Product:LIST`, …, see
 * RenderedPage.shows), so the API keeps the page until one of those changes.
 */
function shownData(store: AppStore): string[] {
  const { tags } = store.getState().api.provided;
  return Object.entries(tags)
    .flatMap(([type, ids]) =>
      Object.entries(ids ?? {})
        .filter(([, keys]) => keys && keys.length > 0)
        .map(([id]) => `${type}:${id}`),
    )
    .sort();
}

/**
 * The answers to hand over: the queries that succeeded and the tags they provide, those that
 * found their subject missing (the browser must render the same "not found" page the HTML
 * shows, or React's hydration fails), and the loaders' own answers for the browser's router.
 */
function dehydrate(store: AppStore, context: StaticHandlerContext, year: number): ServerState {
  const { queries, provided, ...rest } = store.getState().api;
  const answered = Object.fromEntries(
    Object.entries(queries).filter(
      ([, query]) => query?.status === 'fulfilled' || missingSubject(query),
    ),
  );
  return {
    api: { ...rest, queries: answered, mutations: {}, provided },
    router: { loaderData: context.loaderData },
    year,
  };
}

/**
 * Whether the page's own subject is missing: one of its loader's queries was answered 404 or 400
 * (a product nobody sells, an id that is none). The page says so, and its status tells search
 * engines to drop the address.
 */
function subjectMissing(store: AppStore): boolean {
  return Object.values(store.getState().api.queries).some(missingSubject);
}

type QueryEntry = ReturnType<AppStore['getState']>['api']['queries'][string];

/** A query answered 404 or 400: what it asked for does not exist. */
function missingSubject(query: QueryEntry): boolean {
  const status = (query?.error as { status?: unknown } | undefined)?.status;
  return query?.status === 'rejected' && (status === 404 || status === 400);
}

function renderRoute(
  store: AppStore,
  context: StaticHandlerContext,
  page: PageHandle,
): RenderedPage {
  let head: PageHead = { title: titled(null), description: null, preloadImage: null };
  const router = createStaticRouter(handler.dataRoutes, context);
  // One year for the HTML, the state handed over and the cache (ServerPages keeps it a year).
  const year = utcYearNow();
  const tree = (
    <PageHeadContext.Provider value={(told) => (head = { ...head, ...told })}>
      <RenderYearContext.Provider value={year}>
        <NoScriptCar.Provider value={<LandingCar />}>
          <App
            store={store}
            router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
          />
        </NoScriptCar.Provider>
      </RenderYearContext.Provider>
    </PageHeadContext.Provider>
  );
  const html = renderToHtml(tree);
  return {
    status: page.status ?? (subjectMissing(store) ? 404 : 200),
    title: head.title,
    description: head.description,
    preloadImage: head.preloadImage,
    styles: html.styles,
    body: html.body,
    state: scriptSafeJson(dehydrate(store, context, year)),
    year,
    chunk: page.chunk,
    noindex: page.noindex === true,
    shows: shownData(store),
  };
}

/** The module's one export (library type commonjs2): what the API calls once it loaded it. */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = (
  send: SendApiRequest,
): PageRenderer => ({
  address: addressOf,
  async render(url) {
    // Signed out, its calls answered by the API process (`send`), not over the network.
    const store = makeStore(undefined, noIdentity, send);
    // Every page's header shows the markets (its selector); the price formats come with them.
    // Asked beside the page's own calls, not after them.
    const markets = store.dispatch(marketsApi.endpoints.getMarkets.initiate());
    const context = await handler.query(new Request(new URL(url, 'http://localhost')), {
      requestContext: loaderContext(store, true),
    });
    // No loader redirects or throws a response, and no route has an action.
    if (context instanceof Response) return null;
    const page = context.matches.at(-1)?.route.handle as PageHandle | undefined;
    if (!page?.serverRendered) return null;
    await markets;
    const noScript = NO_SCRIPT_QUERIES[page.chunk];
    if (noScript) {
      const params = new URL(url, 'http://localhost').searchParams;
      await Promise.all(noScript(params).map((query) => store.dispatch(query)));
    }
    return renderRoute(store, context, page);
  },
  publicPaths: () => publicPathsOf(routes),
});
