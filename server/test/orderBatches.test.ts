import { createOrderBatches, MOST_PER_CALL, type OrderItem } from '../src/orders/orderBatches';

const item = (n: number): OrderItem => ({
  userId: `user-${n}`,
  email: `shopper${n}@store.test`,
  name: 'Maria K.',
  address: '12 Foundry Lane',
  number: '+1 555 010 2030',
  quantity: 1,
});

/** A `together` that answers when told to, keeping the items of each call. */
function heldCalls() {
  const calls: { items: OrderItem[]; answer: (rows: (string | null)[] | Error) => void }[] = [];
  const together = (items: OrderItem[]) =>
    new Promise<(string | null)[]>((resolve, reject) => {
      calls.push({
        items,
        answer: (rows) => (rows instanceof Error ? reject(rows) : resolve(rows)),
      });
    });
  return { calls, together };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('orders of one product placed together', () => {
  it('sends a lone order at once, and those that came meanwhile together in the next call', async () => {
    const batches = createOrderBatches<string>();
    const { calls, together } = heldCalls();
    const first = batches.place('p1', item(1), together);
    await settle();
    expect(calls.map((call) => call.items.length)).toEqual([1]);

    const later = [2, 3, 4].map((n) => batches.place('p1', item(n), together));
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(['order-1']);
    await expect(first).resolves.toBe('order-1');
    await settle();
    expect(calls[1]!.items.map((one) => one.userId)).toEqual(['user-2', 'user-3', 'user-4']);
    calls[1]!.answer(['order-2', null, 'order-4']);
    await expect(Promise.all(later)).resolves.toEqual(['order-2', null, 'order-4']);
  });

  it('places other products alongside, and at most MOST_PER_CALL orders a call', async () => {
    const batches = createOrderBatches<string>();
    const { calls, together } = heldCalls();
    void batches.place('p1', item(0), together);
    void batches.place('p2', item(0), together);
    await settle();
    expect(calls).toHaveLength(2);
    for (let n = 1; n <= MOST_PER_CALL + 1; n += 1) void batches.place('p1', item(n), together);
    calls[0]!.answer(['a']);
    await settle();
    expect(calls[2]!.items).toHaveLength(MOST_PER_CALL);
    calls[2]!.answer(Array(MOST_PER_CALL).fill('b'));
    await settle();
    expect(calls[3]!.items).toHaveLength(1);
  });

  it("tries each order of a failed call again alone: one order's error fails only that order", async () => {
    const batches = createOrderBatches<string>();
    const { calls, together } = heldCalls();
    void batches.place('p1', item(0), together);
    const orders = [1, 2].map((n) => batches.place('p1', item(n), together));
    const firstFails = expect(orders[0]).rejects.toThrow('invalid input syntax');
    calls[0]!.answer(['first']);
    await settle();
    calls[1]!.answer(new Error('invalid input syntax'));
    await settle();
    expect(calls[2]!.items.map((one) => one.userId)).toEqual(['user-1']);
    calls[2]!.answer(new Error('invalid input syntax'));
    await settle();
    expect(calls[3]!.items.map((one) => one.userId)).toEqual(['user-2']);
    calls[3]!.answer(['order-2']);
    await firstFails;
    await expect(orders[1]).resolves.toBe('order-2');
  });
});
