import { http, HttpResponse } from 'msw';
import type { Bag, BagItem } from '@contract/bag';
import type { Product } from '@contract/products';

/** A line of the account's bag for `product`, as the API answers it (no problem by default). */
export function bagLine(product: Product, quantity: number, over: Partial<BagItem> = {}): BagItem {
  return {
    productId: product._id,
    name: product.name,
    price: product.price,
    priceWhenAdded: product.price,
    quantity,
    availablequantity: product.availablequantity - product.orderquantity,
    img: product.img,
    status: product.status,
    problem: null,
    ...over,
  };
}

/** The whole bag the API answers for these lines. */
export function bagOf(items: BagItem[], notices: string[] = []): Bag {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return { items, total: cents / 100, notices };
}

/**
 * The bag API over one bag held here: GET answers it, PUT sets a line's quantity (0 removes),
 * DELETE removes; each write is recorded in `writes` and answers the bag as it is then.
 */
export function bagApiHandlers(initial: BagItem[]) {
  let items = [...initial];
  const writes: string[] = [];
  const answer = () => HttpResponse.json(bagOf(items));
  const handlers = [
    http.get('/api/bag', answer),
    http.put('/api/bag/items/:productId', async ({ params, request }) => {
      const { quantity } = (await request.json()) as { quantity: number };
      writes.push(`PUT ${String(params.productId)} ${quantity}`);
      items = items
        .map((item) => (item.productId === params.productId ? { ...item, quantity } : item))
        .filter((item) => item.quantity > 0);
      return answer();
    }),
    http.delete('/api/bag/items/:productId', ({ params }) => {
      writes.push(`DELETE ${String(params.productId)}`);
      items = items.filter((item) => item.productId !== params.productId);
      return answer();
    }),
    // The signed-in bag asks what the automatic promotions save: nothing unless a test says.
    http.post('/api/promotions/check', () =>
      HttpResponse.json({
        currency: 'USD',
        locale: 'en-US',
        applied: [],
        refused: [],
        savingMinor: 0,
      }),
    ),
  ];
  return { handlers, writes };
}
