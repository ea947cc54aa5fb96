import { randomUUID } from 'node:crypto';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '../../contract/staff';
import { routesOf } from '../src/auth/routeAccess';
import { refusals } from '../src/refusals';
import type { Method } from './calls';
import { makeProduct, orderBody } from './fixtures';
import { withStaff } from './staffAccounts';

/**
 * Every route of the API and what it needs: a permission (a staff route), any signed-in person
 * ('signedIn', whose handler may still ask a permission for someone else's data: tested below),
 * or nobody ('public'). A route the API registers that is missing here, or whose guard enforces
 * another permission, fails the first test: a new staff route must name its permission, and
 * be listed here, to pass.
 */
const ROUTES: Record<string, Permission | 'signedIn' | 'public'> = {
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'GET /api/product': 'public', // retired products: catalogue.edit, in the handler
  'GET /api/productDetails/:id': 'public',
  'GET /api/product/facets': 'public',
  'POST /api/product': 'catalogue.edit',
  'PATCH /api/product/:id': 'catalogue.edit',
  'POST /api/product/:id/stock': 'catalogue.edit',
  'POST /api/product/:id/retire': 'catalogue.edit',
  'POST /api/product/:id/restore': 'catalogue.edit',
  'GET /api/product/:id/history': 'catalogue.edit',
  'GET /api/product/export.csv': 'catalogue.edit',
  'POST /api/product/import': 'catalogue.edit',
  'GET /api/search/synonyms': 'catalogue.edit',
  'PUT /api/search/synonyms': 'catalogue.edit',
  'GET /api/vehicles/makes': 'public',
  'GET /api/vehicles/models': 'public',
  'GET /api/vehicles/years': 'public',
  'GET /api/vehicles': 'public',
  'GET /api/vehicles/search': 'public',
  'GET /api/vehicles/:id': 'public',
  'GET /api/vehicles/:id/sets': 'public',
  'GET /api/vehicles/:id/fitment': 'public',
  'GET /api/bag/fitment': 'signedIn',
  'GET /api/vehicles/export.csv': 'catalogue.edit',
  'POST /api/vehicles/import': 'catalogue.edit',
  'GET /api/review': 'public',
  'POST /api/review': 'signedIn',
  'GET /api/review/moderation': 'reviews.moderate',
  'PATCH /api/review/:id': 'reviews.moderate',
  'PUT /api/users/:email': 'public', // the token exchange: a Firebase ID token
  'GET /api/admin/:email': 'signedIn', // someone else's: customers.read
  'GET /api/users': 'customers.read',
  'PUT /api/users/admin/:email': 'roles.manage',
  'POST /api/logout': 'signedIn',
  'POST /api/order': 'signedIn',
  'GET /api/order': 'signedIn', // every order: orders.read
  'GET /api/order/:id': 'signedIn', // someone else's: orders.read
  'DELETE /api/order/:id': 'signedIn',
  'PATCH /api/order/:id': 'signedIn',
  'POST /api/order/:id/ship': 'orders.fulfil',
  'POST /api/order/:id/deliver': 'orders.fulfil',
  'POST /api/order/:id/cancel': 'signedIn', // someone else's: orders.cancel
  'POST /api/order/:id/return': 'signedIn', // receiving it: orders.fulfil
  'POST /api/order/:id/refund': 'orders.refund',
  'GET /api/order/:id/refund-preview': 'orders.refund',
  'GET /api/order/:id/history': 'signedIn', // someone else's: orders.read
  'GET /api/admin/overview': 'store.admin',
  'GET /api/admin/emails': 'emails.resend',
  'POST /api/admin/emails/:id/retry': 'emails.resend',
  'POST /api/create-Payment-Intent': 'signedIn',
  'POST /api/payments/local/confirm': 'public',
  'POST /api/payments/webhook': 'public',
  'GET /api/bag': 'signedIn',
  'PUT /api/bag/items/:productId': 'signedIn',
  'DELETE /api/bag/items/:productId': 'signedIn',
  'POST /api/bag/merge': 'signedIn',
  'POST /api/checkout': 'signedIn',
  'GET /api/checkout/:id': 'signedIn', // someone else's: orders.read
  'PATCH /api/checkout/:id': 'signedIn',
  'GET /api/fitting-days': 'public',
  'GET /api/fitting-schedule': 'fitting.run',
  'PUT /api/fitting-schedule': 'fitting.run',
  'GET /api/fitting-centres': 'public',
  'GET /api/fitting-centres/near': 'public',
  'GET /api/fitting-centres/all': 'store.admin',
  'GET /api/fitting-centres/:id': 'public',
  'POST /api/fitting-centres': 'store.admin',
  'PUT /api/fitting-centres/:id': 'store.admin',
  'DELETE /api/fitting-centres/:id': 'store.admin',
  'GET /api/fitting-centres/export.csv': 'store.admin',
  'POST /api/fitting-centres/import': 'store.admin',
  'GET /api/fitting-centres/:id/slots': 'public',
  'GET /api/appointments': 'signedIn',
  'GET /api/appointments/:id': 'signedIn',
  'GET /api/appointments/:id/calendar.ics': 'signedIn',
  'PATCH /api/appointments/:id': 'signedIn',
  'POST /api/appointments/:id/cancel': 'signedIn',
  'GET /api/fitting-centres/mine': 'fitting.run', // the caller's centres only
  'GET /api/fitting-centres/:id/day': 'fitting.run', // another centre's: refused to its fitters
  'POST /api/appointments/:id/status': 'fitting.run',
  'GET /api/stock-places': 'stock.places',
  'POST /api/stock-places': 'stock.places',
  'PUT /api/stock-places/:code': 'stock.places',
  'DELETE /api/stock-places/:code': 'stock.places',
  'PUT /api/stock-places/:code/lead-times': 'stock.places',
  'GET /api/stock-places/:code/products': 'stock.places',
  'PUT /api/stock-places/:code/products': 'stock.places',
  // A guest's calls (issue 47): the link's key, never a sign-in.
  'POST /api/guest/browser': 'public',
  'POST /api/guest/checkout': 'public',
  'GET /api/guest/checkout/:id': 'public',
  'POST /api/guest/checkout/:id/payment-intent': 'public',
  'PATCH /api/guest/checkout/:id': 'public',
  'POST /api/guest/checkout/:id/orders/:orderId/cancel': 'public',
  'POST /api/guest/checkout/:id/orders/:orderId/return': 'public',
  'DELETE /api/guest/checkout/:id/links': 'public',
  'POST /api/guest/find-order': 'public',
  'GET /api/guest/checkout/:id/appointment.ics': 'public',
  'PATCH /api/guest/checkout/:id/appointment': 'public',
  'POST /api/guest/checkout/:id/appointment/cancel': 'public',
  // Tyre models (issue 51).
  'GET /api/models/:id': 'public',
  'GET /api/models/:id/reviews': 'public',
  'GET /api/product/:id/model': 'public',
  'GET /api/models/of': 'public',
  'GET /api/product/:id/market-prices': 'catalogue.edit',
  'PUT /api/product/:id/market-prices': 'catalogue.edit',
  'GET /api/models/grouping': 'catalogue.edit',
  'POST /api/models/:id/pictures': 'catalogue.edit',
  'PUT /api/models/:id/pictures/order': 'catalogue.edit',
  'PATCH /api/models/:id/pictures/:pictureId': 'catalogue.edit',
  'DELETE /api/models/:id/pictures/:pictureId': 'catalogue.edit',
  'GET /api/markets': 'public',
  'GET /api/markets/:code/prices': 'public',
  'PUT /api/markets/:code': 'store.admin',
  'PUT /api/markets/:code/prices/:productId': 'catalogue.edit',
  'DELETE /api/markets/:code/prices/:productId': 'catalogue.edit',
  'GET /api/promotions/badges': 'public',
  'POST /api/promotions/check': 'signedIn',
  'POST /api/promotions/guest-check': 'public',
  'GET /api/promotions': 'store.admin',
  'POST /api/promotions': 'store.admin',
  'POST /api/promotions/:id/end': 'store.admin',
  'GET /api/promotions/:id/uses.csv': 'store.admin',
  'GET /api/profile': 'signedIn', // someone else's: customers.read
  'POST /api/profile': 'signedIn',
  'POST /api/images': 'signedIn',
  'GET /api/images/:id': 'public',
  'GET /api/images/:id/:size': 'public',
  'GET /api/staff/me': 'signedIn',
  'GET /api/staff': 'roles.manage',
  'PUT /api/staff/:email': 'roles.manage',
  'GET /api/staff/sessions': 'roles.manage',
  'DELETE /api/staff/sessions/:id': 'roles.manage',
  'GET /api/audit': 'audit.read',
  'GET /api/audit.csv': 'audit.read',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/ui/start.js': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/ui/*': 'public',
};

const STAFF_ROUTES = Object.entries(ROUTES).filter((entry): entry is [string, Permission] =>
  (PERMISSIONS as readonly string[]).includes(entry[1]),
);

/** A route's address with its parameters filled: nothing there, so an allowed call changes nothing. */
const addressOf = (url: string) =>
  url.replace(':email', 'nobody.here@test.store').replace(/:[a-zA-Z]+/g, randomUUID());

describe('every staff route names its permission', () => {
  const staff = withStaff();
  const { people, call } = staff;

  it('lists every route of the API, each with the permission its guard enforces', () => {
    const registered = routesOf(staff.t.app)
      .filter((route) => route.url.startsWith('/api'))
      .map((route) => [`${route.method} ${route.url}`, route.permission ?? 'open'] as const);
    const unlisted = registered.filter(([route]) => !(route in ROUTES)).map(([route]) => route);
    expect(unlisted).toEqual([]);
    const differing = registered
      .filter(([route, permission]) => {
        const listed = ROUTES[route]!;
        return permission === 'open'
          ? listed !== 'public' && listed !== 'signedIn'
          : listed !== permission;
      })
      .map(([route, permission]) => `${route}: ${permission}, listed ${ROUTES[route]}`);
    expect(differing).toEqual([]);
    const missing = STAFF_ROUTES.map(([route]) => route).filter(
      (route) => !registered.some(([found]) => found === route),
    );
    expect(missing).toEqual([]);
    // Outside /api nothing is staff's (the pages, the sign-in forms).
    expect(routesOf(staff.t.app).filter((r) => !r.url.startsWith('/api') && r.permission)).toEqual(
      [],
    );
  });

  const cases = STAFF_ROUTES.flatMap(([route, permission]) =>
    STAFF_ROLES.map((role) => [route, role, permission] as const),
  );

  it.each(cases)('%s as %s', async (route, role, permission) => {
    const [method, url] = route.split(' ') as [Method, string];
    const res = await call(people[role], method, addressOf(url));
    if (ROLE_PERMISSIONS[role].includes(permission)) {
      expect({ route, status: res.statusCode }).not.toEqual({ route, status: 403 });
      expect([401, 403]).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(refusals.staff.needs(permission, [role]));
    }
  });

  it.each(STAFF_ROUTES)('%s refuses a shopper in words, and nobody signed in', async (route) => {
    const [method, url] = route.split(' ') as [Method, string];
    const shopper = await call(staff.alice, method, addressOf(url));
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().message).toBe(refusals.staff.staffOnly);
    expect((await call(null, method, addressOf(url))).statusCode).toBe(401);
  });

  describe("someone else's data inside signed-in routes", () => {
    /** An order of alice's, placed (unpaid). */
    async function alicesOrder() {
      const product = await makeProduct(staff.t.db, { availableQuantity: 50 });
      const res = await call(staff.alice, 'POST', '/api/order', orderBody(product.id, 1));
      expect(res.statusCode).toBe(201);
      return res.json()._id as string;
    }

    const allowed = (permission: Permission) =>
      STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
    const refused = (permission: Permission) =>
      STAFF_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(permission));

    it('reading every order, one order, its history and its customer: by permission', async () => {
      const id = await alicesOrder();
      const reads: Array<[string, Permission]> = [
        ['/api/order', 'orders.read'],
        [`/api/order/${id}`, 'orders.read'],
        [`/api/order/${id}/history`, 'orders.read'],
        [`/api/admin/${staff.alice}`, 'customers.read'],
      ];
      for (const [url, permission] of reads) {
        for (const role of allowed(permission)) {
          expect({ url, role, status: (await call(people[role], 'GET', url)).statusCode }).toEqual({
            url,
            role,
            status: 200,
          });
        }
        for (const role of refused(permission)) {
          expect({ url, role, status: (await call(people[role], 'GET', url)).statusCode }).toEqual({
            url,
            role,
            status: 403,
          });
        }
      }
    });

    it("cancelling someone's order needs orders.cancel; receiving a return, orders.fulfil", async () => {
      const id = await alicesOrder();
      for (const role of refused('orders.cancel')) {
        const res = await call(people[role], 'POST', `/api/order/${id}/cancel`, {});
        expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
      }
      const res = await call(people.refunds, 'POST', `/api/order/${id}/cancel`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('cancelled');

      for (const role of refused('orders.fulfil')) {
        const received = await call(people[role], 'POST', `/api/order/${id}/return`, {
          received: true,
        });
        expect({ role, status: received.statusCode }).toEqual({ role, status: 403 });
      }
      // Allowed, and refused only by the order's status.
      const fulfil = await call(people.orders, 'POST', `/api/order/${id}/return`, {
        received: true,
      });
      expect(fulfil.statusCode).toBe(409);
    });
  });

  it('the dashboard is told each person’s roles and permissions', async () => {
    for (const role of STAFF_ROLES) {
      const me = await call(people[role], 'GET', '/api/staff/me');
      expect(me.json()).toMatchObject({ roles: [role], permissions: ROLE_PERMISSIONS[role] });
    }
    expect((await call(staff.alice, 'GET', '/api/staff/me')).json()).toEqual({
      roles: [],
      permissions: [],
      refundLimit: null,
      centres: null,
    });
  });

  it('only the owner gives roles, and the store keeps an owner', async () => {
    const res = await call(people.admin, 'PUT', `/api/staff/${staff.bob}`, { roles: ['admin'] });
    expect(res.statusCode).toBe(403);
    const alone = await call(people.owner, 'PUT', `/api/staff/${people.owner}`, { roles: [] });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(refusals.staff.ownerStays);
  });
});
