/**
 * Signed-in users for the benchmark, made the way the SPA signs in: an account in the Auth
 * emulator, then the API's token exchange for the app's access token.
 */
import { signInThroughEmulator } from '../scripts/signIn';
import type { Stack } from './stack';

export const ADMIN = { email: 'admin@store.test', password: 'demo-pass-123' };

/** The app token of `email`, signed in (or signed up) through the stack's emulator. */
export function appToken(stack: Stack, email: string, password: string) {
  return signInThroughEmulator({
    api: stack.baseUrl,
    emulator: stack.emulatorUrl,
    email,
    password,
    // Only accounts with a verified email hold stock.
    verifyEmail: true,
  });
}

/** `work` for each of `count` items, at most `limit` at once (the store refuses a flood). */
export async function fewAtOnce(
  count: number,
  limit: number,
  work: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(count, limit) }, worker));
}

/** `count` new shoppers, each with their own access token; signed up a few at a time. */
export async function newShoppers(stack: Stack, count: number, tag: string) {
  const shoppers: Array<{ email: string; token: string }> = [];
  await fewAtOnce(count, 16, async (i) => {
    const email = `bench.${tag}.${i}@store.test`;
    shoppers[i] = { email, token: await appToken(stack, email, 'bench-pass-123') };
  });
  return shoppers;
}

export interface NewProduct {
  name: string;
  description: string;
  price: number;
  orderquantity: number;
  availableauantity: number;
  img: string;
}

export async function addProduct(stack: Stack, adminToken: string, product: NewProduct) {
  const response = await fetch(`${stack.baseUrl}/api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(product),
  });
  if (!response.ok) throw new Error(`add product: ${response.status} ${await response.text()}`);
  return (await response.json()) as { _id: string };
}

/**
 * Grows the catalogue to `total` products through the admin API, `concurrency` at a time. The
 * new products reuse the seeded images, so the pages load what a real catalogue would.
 */
export async function growCatalogue(stack: Stack, adminToken: string, total: number) {
  const existing = (await (await fetch(`${stack.baseUrl}/api/product`)).json()) as {
    img: string;
  }[];
  const images = existing.map((product) => product.img);
  const first = existing.length + 1;
  await fewAtOnce(Math.max(0, total - existing.length), 16, async (i) => {
    const n = first + i;
    await addProduct(stack, adminToken, {
      name: `Bench tyre ${n}`,
      description: `All-season tyre 205/55 R16 91V, catalogue item ${n} of ${total}.`,
      price: 40 + (n % 160),
      orderquantity: 1 + (n % 4),
      availableauantity: 10 + (n % 90),
      img: images[n % images.length]!,
    });
  });
}
