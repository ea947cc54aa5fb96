import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Tells every API process, this one too, that products' stock moved in a transaction that did
 * not say so itself (`store.stock_announced`, db/functions/notify_catalog_changed.sql): orders.
 * A NOTIFY inside a transaction makes its commit wait for every other notifying commit, so the
 * busiest writers announce after their commit instead, many at once: while one announcement is
 * being sent, the next gathers every product that moved meanwhile.
 */
export interface StockNotices {
  /** After the commit that moved their stock. */
  announce(productIds: Iterable<string>): void;
  /** Waits for what was announced to be sent (the store stopping). */
  flush(): Promise<void>;
}

export function createStockNotices(
  send: (productIds: string[]) => Promise<void>,
  onFailure: (err: unknown) => void,
): StockNotices {
  const pending = new Set<string>();
  let sending: Promise<void> | null = null;

  async function drain() {
    while (pending.size > 0) {
      const ids = [...pending];
      pending.clear();
      try {
        await send(ids);
      } catch (err) {
        // The listeners may be gone with the database: they read everything again when back.
        onFailure(err);
      }
    }
    sending = null;
  }

  return {
    announce(productIds) {
      for (const id of productIds) pending.add(id);
      if (pending.size > 0 && !sending) sending = drain();
    },
    async flush() {
      await sending;
    },
  };
}

/** The announcement the trigger would have sent: `S:<id>` per product, in one statement. */
export function sendStockNotices(db: Db) {
  return async (productIds: string[]) => {
    await db.execute(sql`
      select pg_notify('catalog_changed', 'S:' || id)
      from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb) as id`);
  };
}
