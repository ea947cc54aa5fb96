import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the page chunks of the routes matching `location` and puts their components in place,
 * before the router is made. Hydration must render the page the server rendered at once: a route
 * still lazy would render the fallback first, which the server's HTML does not have.
 */
export async function loadMatchedPages(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
