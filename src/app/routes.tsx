import type { ComponentType } from 'react';
import { Outlet, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { landingLoader } from '../features/landing/landingLoader';
import { Spinner } from '../ui/Spinner';
import { Layout } from './Layout';
import { RequireAuth } from './guards/RequireAuth';
import { adminOnlyHandle } from '../shared/auth/loginState';
import { retryImport } from '../shared/loading/retryImport';
import { RouteError } from './RouteError';

/** What the server reads of a page's route (its `handle`). */
export interface PageHandle {
  /** The page's webpack chunk: the server's HTML loads it beside the entry. */
  chunk: string;
  /** Public pages come from the server as HTML with their data; signed-in ones as the bare app. */
  serverRendered: boolean;
  /** The page's HTTP status when the server renders it (the not-found page's 404). */
  status?: number;
  /**
   * Not for search engines (a shared comparison: any tyres in any order, content their own
   * pages hold): left out of the sitemap, its HTML says `noindex`.
   */
  noindex?: true;
}

/**
 * A page chunk whose module exports the page component under `name`. Each page is its own
 * chunk, loaded when its route is first visited; a failed load is retried once (retryImport)
 * before the route's error screen offers a reload. `chunk` repeats the import's chunk name.
 */
function lazyPage<M>(
  chunk: string,
  load: () => Promise<M>,
  name: keyof M,
  rendered: Omit<PageHandle, 'chunk'> = { serverRendered: false },
) {
  const handle: PageHandle = { chunk, ...rendered };
  return {
    lazy: retryImport(() => load().then((m) => ({ Component: m[name] as ComponentType }))),
    handle,
  };
}

const PUBLIC = { serverRendered: true };

/**
 * A loader kept out of the entry: its module (and what it reads the address with, such as the
 * shop's search terms) loads beside the page's chunk on the first visit, not with every page.
 */
function lazyLoader<M>(load: () => Promise<M>, name: keyof M): LoaderFunction {
  const loaded = retryImport(() => load().then((m) => m[name] as LoaderFunction));
  return async (args) => (await loaded())(args);
}

// The public pages, then the sign-in pages, then the signed-in and admin pages. A page with data
// has a loader, beside its chunk (not in it), so its data is asked for while the chunk loads.
const landing = {
  ...lazyPage(
    'landing',
    () => import(/* webpackChunkName: "landing" */ '../features/landing/LandingPage'),
    'LandingPage',
    PUBLIC,
  ),
  loader: landingLoader,
};
const shop = {
  ...lazyPage(
    'shop',
    () => import(/* webpackChunkName: "shop" */ '../features/catalog/ShopPage'),
    'ShopPage',
    PUBLIC,
  ),
  loader: lazyLoader(
    () => import(/* webpackChunkName: "shop-loader" */ '../features/catalog/shopLoader'),
    'shopLoader',
  ),
};
const about = lazyPage(
  'about',
  () => import(/* webpackChunkName: "about" */ '../features/about/QaPage'),
  'QaPage',
  PUBLIC,
);
const reviews = {
  ...lazyPage(
    'reviews',
    () => import(/* webpackChunkName: "reviews" */ '../features/reviews/ReviewsPage'),
    'ReviewsPage',
    PUBLIC,
  ),
  loader: lazyLoader(
    () => import(/* webpackChunkName: "reviews-loader" */ '../features/reviews/reviewsLoader'),
    'reviewsLoader',
  ),
};
const portfolio = lazyPage(
  'portfolio',
  () => import(/* webpackChunkName: "portfolio" */ '../features/portfolio/PortfolioPage'),
  'PortfolioPage',
  PUBLIC,
);
const notFound = lazyPage(
  'not-found',
  () => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage'),
  'NotFoundPage',
  { serverRendered: true, status: 404 },
);
const login = lazyPage(
  'login',
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
  'LoginPage',
  PUBLIC,
);
const register = lazyPage(
  'register',
  () => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'),
  'RegisterPage',
  PUBLIC,
);
/** The bag (issue 29): a guest's or the account's, so per person and never server-rendered. */
const bag = lazyPage(
  'bag',
  () => import(/* webpackChunkName: "bag" */ '../features/bag/BagPage'),
  'BagPage',
);
/** A product's page (issue 32): public, so a shopper can read it, share it and find it. */
const productDetails = {
  ...lazyPage(
    'product-details',
    () => import(/* webpackChunkName: "product-details" */ './ProductDetailsRoute'),
    'ProductDetailsRoute',
    PUBLIC,
  ),
  loader: lazyLoader(
    () => import(/* webpackChunkName: "product-loader" */ '../features/product/productLoader'),
    'productLoader',
  ),
};
/**
 * A tyre model with its sizes, and up to four tyres compared (issue 51): public and
 * server-rendered, one chunk and one loaders' chunk for both (one entry each in the runtime).
 */
const modelPages = () => import(/* webpackChunkName: "model" */ '../features/models/modelPages');
const modelLoaders = () =>
  import(/* webpackChunkName: "model-loader" */ '../features/models/modelLoaders');
const model = {
  ...lazyPage('model', modelPages, 'ModelPage', PUBLIC),
  loader: lazyLoader(modelLoaders, 'modelLoader'),
};
const compare = {
  ...lazyPage('model', modelPages, 'ComparePage', { ...PUBLIC, noindex: true }),
  loader: lazyLoader(modelLoaders, 'compareLoader'),
};
// `/checkout` (the bag's) and `/checkout/:id/pay` (one placed before): one route, one chunk, so
// the JavaScript of / stays as it was.
const checkout = lazyPage(
  'checkout',
  () => import(/* webpackChunkName: "checkout" */ '../features/checkout/bagCheckout/CheckoutPage'),
  'CheckoutPage',
);
/** Buying without an account (issue 47): the guest's checkout, order page and Find my order. */
const guestCheckout = lazyPage(
  'guest-checkout',
  () =>
    import(
      /* webpackChunkName: "guest-checkout" */ '../features/checkout/guestCheckout/GuestCheckoutPage'
    ),
  'GuestCheckoutPage',
);
const guestOrder = lazyPage(
  'guest-order',
  () => import(/* webpackChunkName: "guest-order" */ '../features/guest/GuestOrderPage'),
  'GuestOrderPage',
);
const findOrder = lazyPage(
  'find-order',
  () => import(/* webpackChunkName: "find-order" */ '../features/guest/FindOrderPage'),
  'FindOrderPage',
);
const dashboard = lazyPage(
  'dashboard',
  () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardLayout'),
  'DashboardLayout',
);
const profile = lazyPage(
  'profile',
  () => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'),
  'ProfilePage',
);
const updateProfile = lazyPage(
  'update-profile',
  () => import(/* webpackChunkName: "update-profile" */ '../features/profile/UpdateProfilePage'),
  'UpdateProfilePage',
);
const myOrders = lazyPage(
  'my-orders',
  () => import(/* webpackChunkName: "my-orders" */ '../features/orders/MyOrdersPage'),
  'MyOrdersPage',
);
/** One order: the shopper's page and the admins' share one chunk (one entry in the runtime). */
const orderPages = () =>
  import(/* webpackChunkName: "order" */ '../features/orders/detail/OrderPages');
const myOrder = lazyPage('order', orderPages, 'MyOrderPage');
const adminOrder = lazyPage('order', orderPages, 'AdminOrderPage');
const addReview = lazyPage(
  'add-review',
  () => import(/* webpackChunkName: "add-review" */ '../features/reviews/AddReviewPage'),
  'AddReviewPage',
);
const addProduct = lazyPage(
  'add-product',
  () => import(/* webpackChunkName: "add-product" */ '../features/admin/AddProductPage'),
  'AddProductPage',
);
/** The admins' day (issue 30); its chart is a chunk of its own (revenue-chart). */
const overview = lazyPage(
  'overview',
  () => import(/* webpackChunkName: "overview" */ '../features/admin/overview/OverviewPage'),
  'OverviewPage',
);
const products = lazyPage(
  'products',
  () => import(/* webpackChunkName: "products" */ '../features/admin/products/ProductsPage'),
  'ProductsPage',
);
const editProduct = lazyPage(
  'edit-product',
  () => import(/* webpackChunkName: "edit-product" */ '../features/admin/products/EditProductPage'),
  'EditProductPage',
);
const importProducts = lazyPage(
  'import-products',
  () =>
    import(
      /* webpackChunkName: "import-products" */ '../features/admin/products/ImportProductsPage'
    ),
  'ImportProductsPage',
);
const allOrders = lazyPage(
  'all-orders',
  () => import(/* webpackChunkName: "all-orders" */ '../features/orders/AllOrdersPage'),
  'AllOrdersPage',
);
const allUsers = lazyPage(
  'all-users',
  () => import(/* webpackChunkName: "all-users" */ '../features/admin/AllUsersPage'),
  'AllUsersPage',
);
const reviewModeration = lazyPage(
  'review-moderation',
  () =>
    import(/* webpackChunkName: "review-moderation" */ '../features/admin/ReviewModerationPage'),
  'ReviewModerationPage',
);
const fittingSchedule = lazyPage(
  'fitting-schedule',
  () =>
    import(
      /* webpackChunkName: "fitting-schedule" */ '../features/admin/fitting/FittingSchedulePage'
    ),
  'FittingSchedulePage',
);
/** Issue 48: a fitting centre's appointments today and tomorrow, for its fitters. */
const fitterDay = lazyPage(
  'fitter-day',
  () => import(/* webpackChunkName: "fitter-day" */ '../features/fitting/FitterDayPage'),
  'FitterDayPage',
);
/** Issue 48: the fitting centres, written by admins. */
const fittingCentres = lazyPage(
  'fitting-centres',
  () =>
    import(
      /* webpackChunkName: "fitting-centres" */ '../features/admin/fitting/centres/CentresPage'
    ),
  'CentresPage',
);
/** Issue 48: where stock is kept and the days to each centre (in the centres page's chunk). */
const stockPlaces = lazyPage(
  'fitting-centres',
  () =>
    import(
      /* webpackChunkName: "fitting-centres" */ '../features/admin/fitting/stock/StockPlacesPage'
    ),
  'StockPlacesPage',
);
/** Issue 33: the cars' original sizes out and in as CSV. */
const fitments = lazyPage(
  'fitments',
  () => import(/* webpackChunkName: "fitments" */ '../features/admin/vehicles/FitmentsPage'),
  'FitmentsPage',
);
/** The owner's staff page and the audit trail (issue 52). */
const staff = lazyPage(
  'staff',
  () => import(/* webpackChunkName: "staff" */ '../features/admin/staff/StaffPage'),
  'StaffPage',
);
const audit = lazyPage(
  'audit',
  () => import(/* webpackChunkName: "audit" */ '../features/admin/staff/AuditPage'),
  'AuditPage',
);
/** Promotions and discount codes (issue 49). */
const promotions = lazyPage(
  'promotions',
  () => import(/* webpackChunkName: "promotions" */ '../features/admin/promotions/PromotionsPage'),
  'PromotionsPage',
);
const payment = lazyPage(
  'payment',
  () => import(/* webpackChunkName: "payment" */ '../features/checkout/payment/PaymentPage'),
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
          { index: true, ...landing },
          { path: 'home', ...landing },
          { path: 'shop', ...shop },
          { path: 'about', ...about },
          { path: 'review', ...reviews },
          { path: 'portfolio', ...portfolio },
          { path: 'login', ...login },
          { path: 'register', ...register },
          { path: 'bag', ...bag },
          { path: 'guest/checkout/*', ...guestCheckout },
          { path: 'guest/order/:id', ...guestOrder },
          { path: 'find-order', ...findOrder },
          { path: 'productdetails/:id', ...productDetails },
          { path: 'model/:id', ...model },
          { path: 'compare', ...compare },
          {
            // Guards wrap whole branches: every page below is signed-in only (admin further down).
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'checkout/*', ...checkout },
              {
                path: 'dashboard',
                ...dashboard,
                children: [
                  { index: true, ...profile },
                  { path: 'profile', ...profile },
                  { path: 'profile/updateProfile', ...updateProfile },
                  { path: 'myorder', ...myOrders },
                  { path: 'myorder/:id', ...myOrder },
                  { path: 'myreview', ...addReview },
                  { path: 'payment/:id', ...payment },
                  {
                    handle: adminOnlyHandle,
                    // Only admin pages need the admin guard: it loads with them, not with /.
                    lazy: retryImport(() =>
                      import(/* webpackChunkName: "admin-guard" */ './guards/AdminOutlet').then(
                        (m) => ({ Component: m.AdminOutlet }),
                      ),
                    ),
                    children: [
                      { path: 'overview', ...overview },
                      { path: 'products', ...products },
                      { path: 'products/import', ...importProducts },
                      { path: 'products/:id', ...editProduct },
                      { path: 'addProduct', ...addProduct },
                      { path: 'allOrders', ...allOrders },
                      { path: 'allOrders/:id', ...adminOrder },
                      { path: 'alluser', ...allUsers },
                      { path: 'reviews', ...reviewModeration },
                      { path: 'fitting', ...fittingSchedule },
                      { path: 'fitting/day', ...fitterDay },
                      { path: 'fitting/centres', ...fittingCentres },
                      { path: 'fitting/stock', ...stockPlaces },
                      { path: 'fitments', ...fitments },
                      { path: 'staff', ...staff },
                      { path: 'audit', ...audit },
                      { path: 'promotions', ...promotions },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];
