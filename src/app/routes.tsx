import type { RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { PlaceholderPage } from './PlaceholderPage';
import { RouteError } from './RouteError';

/** Each page is its own chunk, loaded when its route is first visited. */
const landing = () =>
  import(/* webpackChunkName: "landing" */ '../features/landing/LandingPage').then((m) => ({
    Component: m.LandingPage,
  }));

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
        children: [
          { index: true, lazy: landing },
          { path: 'home', lazy: landing },
          {
            path: 'shop',
            lazy: () =>
              import(/* webpackChunkName: "shop" */ '../features/catalog/ShopPage').then((m) => ({
                Component: m.ShopPage,
              })),
          },
          { path: 'about', ...placeholder('Question And Answer') },
          { path: 'review', ...placeholder('Reviews') },
          { path: 'portfolio', ...placeholder('Portfolio') },
          { path: 'login', ...placeholder('Login') },
          { path: 'register', ...placeholder('Register') },
          { path: 'productdetails/:id', ...placeholder('Product details') },
          { path: 'dashboard/*', ...placeholder('Dashboard') },
          {
            path: '*',
            lazy: () =>
              import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage').then(
                (m) => ({ Component: m.NotFoundPage }),
              ),
          },
        ],
      },
    ],
  },
];
