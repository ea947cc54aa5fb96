import { asc } from 'drizzle-orm';
import { products } from '../src/db/schema';
import type { TestApp } from './testApp';

/** Random numbers from a seed, so a failing run can be run again; and choices made with them. */
export function seeded(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return {
    random,
    /** One of `list`. */
    pick: <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!,
    /** Some of `list`, each with a chance of 0.3. */
    some: <T>(list: readonly T[]) => list.filter(() => random() < 0.3),
  };
}

export type Seeded = ReturnType<typeof seeded>;

/** Every row of the products table, in the order they were added: the order an index is built in. */
export const productRowsInOrder = (t: TestApp) =>
  t.db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
