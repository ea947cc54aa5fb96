import { http, HttpResponse } from 'msw';
import type { OrderList } from '@contract/orders';
import type { Profile } from '@contract/profiles';
import { apiRefusal } from './pendingResponses';

/**
 * The two reads behind the order form's prefill (features/checkout/deliveryPrefill.ts): the shopper's
 * profile (404 when none) and their own orders. By default there is nothing to prefill.
 */
export function prefillHandlers({
  profile = null,
  orders = [],
}: { profile?: Profile | null; orders?: OrderList } = {}) {
  return [
    http.get('/api/profile', () =>
      profile ? HttpResponse.json(profile) : apiRefusal(404, 'No profile yet.'),
    ),
    http.get('/api/order', () => HttpResponse.json(orders)),
  ];
}
