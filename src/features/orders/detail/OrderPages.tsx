import { OrderPage } from './OrderPage';

// Both in one chunk: the route table (in the entry) names one chunk instead of two.

/** `/dashboard/myorder/:id`: one of the shopper's orders, with what they may do to it. */
export function MyOrderPage() {
  return <OrderPage viewer="owner" />;
}

/** `/dashboard/allOrders/:id` (admins): any order, with the store's actions on it. */
export function AdminOrderPage() {
  return <OrderPage viewer="admin" />;
}
