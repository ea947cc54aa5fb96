import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { Layout } from './Layout';
import { PlaceholderPage } from './PlaceholderPage';
import { retryImport } from './retryImport';
import { RouteError } from './RouteError';

/**
 * Each page is its own chunk, loaded when its route is first visited; a failed load is retried
 * once (retryImport) before the route's error screen offers a reload.
 */
const landing = retryImport(() =>
  import(/* webpackChunkName: "landing" */ '../features/landing/LandingPage').then((m) => ({
    Component: m.LandingPage,
  })),
);

const shop = retryImport(() =>
  import(/* webpackChunkName: "shop" */ '../features/catalog/ShopPage').then((m) => ({
    Component: m.ShopPage,
  })),
);

const qa = retryImport(() =>
  import(/* webpackChunkName: "qa" */ '../features/qa/QaPage').then((m) => ({
    Component: m.QaPage,
  })),
);

const reviews = retryImport(() =>
  import(/* webpackChunkName: "reviews" */ '../features/reviews/ReviewsPage').then((m) => ({
    Component: m.ReviewsPage,
  })),
);

const portfolio = retryImport(() =>
  import(/* webpackChunkName: "portfolio" */ '../features/portfolio/PortfolioPage').then((m) => ({
    Component: m.PortfolioPage,
  })),
);

const notFound = retryImport(() =>
  import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage').then((m) => ({
    Component: m.NotFoundPage,
  })),
);

const placeholder = (title: string): RouteObject => ({
  element: <PlaceholderPage title={title} />,
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the layout, so the navbar stays usable.
        errorElement: <RouteError />,
        // Shown inside the layout while the first page's chunk loads.
        hydrateFallbackElement: <Spinner label="Loading page" />,
        children: [
          { index: true, lazy: landing },
          { path: 'home', lazy: landing },
          { path: 'shop', lazy: shop },
          { path: 'about', lazy: qa },
          { path: 'review', lazy: reviews },
          { path: 'portfolio', lazy: portfolio },
          { path: 'login', ...placeholder('Login') },
          { path: 'register', ...placeholder('Register') },
          { path: 'productdetails/:id', ...placeholder('Product details') },
          { path: 'dashboard/*', ...placeholder('Dashboard') },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
