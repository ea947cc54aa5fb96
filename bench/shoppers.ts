/**
 * Signed-in users for the benchmark, made the way the SPA signs in: an account in the Auth
 * emulator, then the API's token exchange for the app's access token.
 */
import type { Stack } from './stack';

export const ADMIN = { email: 'admin@store.test', password: 'demo-pass-123' };

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function idToken(stack: Stack, email: string, password: string, create: boolean) {
  const base = `${stack.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts`;
  const action = create ? 'signUp' : 'signInWithPassword';
  const body = { email, password, returnSecureToken: true };
  return ((await postJson(`${base}:${action}?key=bench`, body)) as { idToken: string }).idToken;
}

export async function appToken(stack: Stack, email: string, password: string, create = false) {
  const firebaseToken = await idToken(stack, email, password, create);
  const response = await fetch(`${stack.baseUrl}/api/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${firebaseToken}` },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`token exchange for ${email}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** `count` new shoppers, each with their own access token. */
export function newShoppers(stack: Stack, count: number, tag: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `bench.${tag}.${i}@store.test`;
      return { email, token: await appToken(stack, email, 'bench-pass-123', true) };
    }),
  );
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
  const created = await postJson(`${stack.baseUrl}/api/product`, product, {
    authorization: `Bearer ${adminToken}`,
  });
  return created as { _id: string };
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
  let next = existing.length;
  const worker = async () => {
    while (next < total) {
      const n = (next += 1);
      await addProduct(stack, adminToken, {
        name: `Bench tyre ${n}`,
        description: `All-season tyre 205/55 R16 91V, catalogue item ${n} of ${total}.`,
        price: 40 + (n % 160),
        orderquantity: 1 + (n % 4),
        availableauantity: 10 + (n % 90),
        img: images[n % images.length]!,
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
