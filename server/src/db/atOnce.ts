import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Independent reads side by side on the pool, so the caller waits for the slowest, not for
 * their sum; in turn inside a transaction, whose one connection answers one query at a time.
 */
export async function atOnce<T extends readonly (() => Promise<unknown>)[]>(
  db: Db,
  reads: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
