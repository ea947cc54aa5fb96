import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { AuthState } from '../store/authSlice';
import type { IdentityClient } from '../store/identity';
import { loaderContext } from '../store/pageLoader';
import { makeStore } from '../store/store';
import { theme } from '../ui/theme';

export interface RenderOptions {
  /** The sign-in state to start from (default: signed out). */
  auth?: Partial<AuthState>;
  identity?: IdentityClient;
}

export const signedOutAuth: AuthState = {
  status: 'loggedOut',
  user: null,
  admin: false,
  adminChecked: false,
  permissions: [],
  signInError: null,
  leftOnPurpose: false,
};

/** A signed-in shopper (or admin with `{ admin: true }`), the admin check done. */
export function signedInAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    ...signedOutAuth,
    status: 'loggedIn',
    user: { email: 'shopper@store.test', displayName: 'Demo Shopper' },
    adminChecked: true,
    ...overrides,
  };
}

const hasLoaders = (routes: RouteObject[]): boolean =>
  routes.some((route) => route.loader || (route.children && hasLoaders(route.children)));

/** Renders routes at `path` with a real store and the theme, as the app does. */
export function renderRoutes(routes: RouteObject[], path = '/', options: RenderOptions = {}) {
  const store = makeStore({ auth: { ...signedOutAuth, ...options.auth } }, options.identity);
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    // The loaders' store, as the app gives it. Only to routes with loaders: the router awaits
    // getContext on every navigation, which would apply a page's own links a tick after the
    // click that a test then looks at.
    getContext: hasLoaders(routes) ? () => loaderContext(store, false) : undefined,
  });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** Renders one element on a route of its own. */
export function renderPage(element: ReactElement, path = '/', options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element }], path, options);
}

/**
 * 'Add to shopping bag' once it can be pressed: on a product page the order modal loads for a
 * signed-in shopper, and until it has the button stands there disabled.
 */
export async function findOrderButton(): Promise<HTMLElement> {
  const find = () => screen.getByRole('button', { name: 'Add to shopping bag' });
  await waitFor(() => expect(find()).toBeEnabled());
  return find();
}
