import { OrderModal } from '../features/checkout/orderModal/OrderModal';
import { ProductPage } from '../features/product/ProductPage';

/**
 * `/productdetails/:id`: the product's page (features/product) with checkout's order modal as
 * its way to order. The app puts the two features together; neither imports the other.
 */
export function ProductDetailsRoute() {
  return <ProductPage OrderControl={OrderModal} />;
}
