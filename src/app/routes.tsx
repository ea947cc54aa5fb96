import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { Layout } from './Layout';
import { RequireAdmin } from './guards/RequireAdmin';
import { RequireAuth } from './guards/RequireAuth';
import { adminOnlyHandle } from './guards/loginState';
import { retryImport } from './retryImport';
import { RouteError } from './RouteError';

/**
 * A page chunk whose module exports the page component under `name`. Each page is its own
 * chunk, loaded when its route is first visited; a failed load is retried once (retryImport)
 * before the route's error screen offers a reload.
 */
function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  return retryImport(() => load().then((m) => ({ Component: m[name] as ComponentType })));
}

// The public pages, then the sign-in pages, then the signed-in and admin pages.
const landing = lazyPage(
  () => import(/* webpackChunkName: "landing" */ '../features/landing/LandingPage'),
  'LandingPage',
);
const shop = lazyPage(
  () => import(/* webpackChunkName: "shop" */ '../features/catalog/ShopPage'),
  'ShopPage',
);
const about = lazyPage(
  () => import(/* webpackChunkName: "about" */ '../features/about/QaPage'),
  'QaPage',
);
const reviews = lazyPage(
  () => import(/* webpackChunkName: "reviews" */ '../features/reviews/ReviewsPage'),
  'ReviewsPage',
);
const portfolio = lazyPage(
  () => import(/* webpackChunkName: "portfolio" */ '../features/portfolio/PortfolioPage'),
  'PortfolioPage',
);
const notFound = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage'),
  'NotFoundPage',
);
const login = lazyPage(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
  'LoginPage',
);
const register = lazyPage(
  () => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'),
  'RegisterPage',
);
const productDetails = lazyPage(
  () => import(/* webpackChunkName: "product-details" */ '../features/catalog/ProductDetailsPage'),
  'ProductDetailsPage',
);
const dashboard = lazyPage(
  () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardLayout'),
  'DashboardLayout',
);
const profile = lazyPage(
  () => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'),
  'ProfilePage',
);
const updateProfile = lazyPage(
  () => import(/* webpackChunkName: "update-profile" */ '../features/profile/UpdateProfilePage'),
  'UpdateProfilePage',
);
const myOrders = lazyPage(
  () => import(/* webpackChunkName: "my-orders" */ '../features/orders/MyOrdersPage'),
  'MyOrdersPage',
);
const addReview = lazyPage(
  () => import(/* webpackChunkName: "add-review" */ '../features/reviews/AddReviewPage'),
  'AddReviewPage',
);
const addProduct = lazyPage(
  () => import(/* webpackChunkName: "add-product" */ '../features/admin/AddProductPage'),
  'AddProductPage',
);
const products = lazyPage(
  () => import(/* webpackChunkName: "products" */ '../features/admin/products/ProductsPage'),
  'ProductsPage',
);
const editProduct = lazyPage(
  () => import(/* webpackChunkName: "edit-product" */ '../features/admin/products/EditProductPage'),
  'EditProductPage',
);
const importProducts = lazyPage(
  () =>
    import(
      /* webpackChunkName: "import-products" */ '../features/admin/products/ImportProductsPage'
    ),
  'ImportProductsPage',
);
const allOrders = lazyPage(
  () => import(/* webpackChunkName: "all-orders" */ '../features/orders/AllOrdersPage'),
  'AllOrdersPage',
);
const allUsers = lazyPage(
  () => import(/* webpackChunkName: "all-users" */ '../features/admin/AllUsersPage'),
  'AllUsersPage',
);
const payment = lazyPage(
  () => import(/* webpackChunkName: "payment" */ '../features/payment/PaymentPage'),
  'PaymentPage',
);

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
          { path: 'about', lazy: about },
          { path: 'review', lazy: reviews },
          { path: 'portfolio', lazy: portfolio },
          { path: 'login', lazy: login },
          { path: 'register', lazy: register },
          {
            // Guards wrap whole branches: every page below is signed-in only (admin further down).
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'productdetails/:id', lazy: productDetails },
              {
                path: 'dashboard',
                lazy: dashboard,
                children: [
                  { index: true, lazy: profile },
                  { path: 'profile', lazy: profile },
                  { path: 'profile/updateProfile', lazy: updateProfile },
                  { path: 'myorder', lazy: myOrders },
                  { path: 'myreview', lazy: addReview },
                  { path: 'payment/:id', lazy: payment },
                  {
                    handle: adminOnlyHandle,
                    element: (
                      <RequireAdmin>
                        <Outlet />
                      </RequireAdmin>
                    ),
                    children: [
                      { path: 'products', lazy: products },
                      { path: 'products/import', lazy: importProducts },
                      { path: 'products/:id', lazy: editProduct },
                      { path: 'addProduct', lazy: addProduct },
                      { path: 'allOrders', lazy: allOrders },
                      { path: 'alluser', lazy: allUsers },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
