import { OrderPage } from './OrderPage';

/** `/dashboard/myorder/:id`: one of the shopper's orders, with what they may do to it. */
export function MyOrderPage() {
  return <OrderPage viewer="owner" />;
}
