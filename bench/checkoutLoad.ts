/**
 * Checkout of a five-line bag (issue 29's target): 100 checkouts a second, evenly spaced, by 800
 * signed-in shoppers in turn, each refilling their bag (one POST /api/bag/merge, untimed but
 * served alongside) after each checkout emptied it. The p99 is what a shopper sees at Place order.
 */
import { pacedLoad, type PacedRun } from './pacedLoad';
import { addProduct, fewAtOnce, newShoppers } from './shoppers';
import type { Stack } from './stack';

export const CHECKOUT_TARGET_RATE = 100;
/**
 * A bag of 11 units, 1,000 checkouts a run (each run from the first account again): after three
 * runs the 800 accounts hold 33 to 66 units unpaid, about what a real account may
 * (MAX_HELD_UNITS, 50), and a checkout sums what its account holds. With 100 accounts each held
 * about 330, which a real one never does.
 */
const SHOPPERS = 800;
const LINES = 5;

export async function measureCheckouts(
  stack: Stack,
  adminToken: string,
  settings: { runs: number; seconds: number },
  tag: string,
  /** Priced in a market (issue 46): the address's country and state, so tax and fees are added. */
  market?: { country: string; region?: string },
): Promise<PacedRun[]> {
  const shoppers = await newShoppers(stack, SHOPPERS, `${tag}c${market?.country ?? ''}`);
  const products = [];
  for (let i = 0; i < LINES; i += 1) {
    products.push(
      await addProduct(stack, adminToken, {
        name: `Bench bag line ${i} ${tag}${market?.country ?? ''}`,
        description: 'Stock for the checkout benchmark.',
        price: 19.99 + i,
        orderquantity: 1,
        availableauantity: 1_000_000,
        img: '/images/products/summer-tyre.svg',
      }),
    );
  }
  const bag = JSON.stringify({
    items: products.map((product, i) => ({ productId: product._id, quantity: 1 + (i % 4) })),
  });
  const fill = async (token: string) => {
    const res = await fetch(`${stack.baseUrl}/api/bag/merge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: bag,
    });
    if (!res.ok) throw new Error(`bag merge: ${res.status} ${await res.text()}`);
  };
  await fewAtOnce(shoppers.length, 16, (i) => fill(shoppers[i]!.token));
  const tokenOf = (n: number) => shoppers[n % shoppers.length]!.token;
  const runs: PacedRun[] = [];
  for (let i = 0; i < settings.runs; i += 1) {
    runs.push(
      await pacedLoad(
        {
          url: `${stack.baseUrl}/api/checkout`,
          method: 'POST',
          body: JSON.stringify({
            name: 'Bench Shopper',
            address: '1 Benchmark Road, Testville',
            number: '+1 555 0100',
            ...market,
          }),
          headers: (n) => ({ authorization: `Bearer ${tokenOf(n)}` }),
          after: (n) => fill(tokenOf(n)),
        },
        CHECKOUT_TARGET_RATE,
        settings.seconds,
      ),
    );
  }
  return runs;
}
