import { OrderPage } from './OrderPage';

/** `/dashboard/allOrders/:id` (admins): any order, with the store's actions on it. */
export function AdminOrderPage() {
  return <OrderPage viewer="admin" />;
}
