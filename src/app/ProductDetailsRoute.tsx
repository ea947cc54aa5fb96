import { LazyOrderModal } from '../features/checkout/orderModal/LazyOrderModal';
import { ProductPage } from '../features/product/ProductPage';

/**
 * `/productdetails/:id`: the product's page (features/product) with checkout's order modal as
 * its way to order (loaded for a signed-in shopper only). The app puts the two features together; neither imports the other.
 */
export function ProductDetailsRoute() {
  return <ProductPage OrderControl={LazyOrderModal} />;
}
