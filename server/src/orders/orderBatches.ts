/**
 * Orders of one product placed together. Orders of a product take turns on its row, and each
 * turn lasts until its commit is on disk (the WAL flush, milliseconds): one at a time, a product
 * takes a few hundred orders a second. So while one call places orders of a product, the orders
 * of that product that arrive wait for it and then go together in one call (`place_orders`,
 * db/functions/place_orders.sql): one commit, one flush. Each order is still placed or refused by
 * `place_order`'s rules, in the order they came, and answered only once its commit is on disk.
 * Nothing waits for a batch to fill: an order of a product no call is placing goes at once.
 */

/** One order to place: who and where, already trimmed. */
export interface OrderItem {
  userId: string;
  email: string;
  name: string;
  address: string;
  number: string;
  quantity: number;
}

/** Places orders of one product in one call: each one's row, or null where it was refused. */
export type PlaceTogether<Row> = (items: OrderItem[]) => Promise<(Row | null)[]>;

/** At most this many orders go in one call (one transaction holds their accounts' locks). */
export const MOST_PER_CALL = 50;

interface Waiting<Row> {
  item: OrderItem;
  resolve: (row: Row | null) => void;
  reject: (error: unknown) => void;
}

export function createOrderBatches<Row>() {
  /** Orders waiting per lane whose call is under way; a lane is here while one is. */
  const lanes = new Map<string, Waiting<Row>[]>();

  /** Places the lane's orders, a call at a time, until none wait. */
  async function drain(key: string, lane: Waiting<Row>[], together: PlaceTogether<Row>) {
    while (lane.length > 0) await placeBatch(lane.splice(0, MOST_PER_CALL), together);
    lanes.delete(key);
  }

  async function placeBatch(batch: Waiting<Row>[], together: PlaceTogether<Row>) {
    try {
      const rows = await together(batch.map((one) => one.item));
      batch.forEach((one, i) => one.resolve(rows[i] ?? null));
    } catch (error) {
      // One order's error must not fail the others with it: each is tried again alone.
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const one of batch) await placeBatch([one], together);
    }
  }

  /**
   * The order's row once placed and on disk, or null when refused. Orders of one `lane` (a
   * product, under one hold policy) go together, placed by the `together` of the first.
   */
  function place(lane: string, item: OrderItem, together: PlaceTogether<Row>): Promise<Row | null> {
    return new Promise((resolve, reject) => {
      const waiting = lanes.get(lane);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      const started: Waiting<Row>[] = [{ item, resolve, reject }];
      lanes.set(lane, started);
      void drain(lane, started, together);
    });
  }

  return { place };
}
