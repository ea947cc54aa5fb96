/**
 * Fitting slots at scale (issue 48): 500 centres with 5 bays each written straight into the
 * embedded database, the store started on it as `npm start` runs it, then
 * - slot searches for one shopper over 30 days, one request at a time, each centre, job and
 *   product once (never a search made before): the answer the picker first shows, each day's
 *   count of free times and the first free day's times; target p99 ≤ 30 ms;
 * - 100 signed-in shoppers booking at once, the first 20 for the same time at one centre (5
 *   bays: 5 win), the rest spread over other centres: no bay booked twice, p99 ≤ 50 ms.
 * Run alone with `npx tsx bench/fittingSlots.ts`, or as part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FittingCentreBody } from '../contract/fittingCentres';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { insertCentre } from '../server/src/fittingCentres/centreTable';
import { openStoreDatabase } from '../server/src/storeDatabase';
import { addProduct, ADMIN, appToken, newShoppers } from './shoppers';
import { startStack } from './stack';

export const BENCH_CENTRES = 500;
const BAYS = 5;
const SHOPPERS = 100;
/** Shoppers racing for one time at one centre: more than its bays. */
const RACERS = 20;
/** US ZIPs the store can place, spread over the country. */
const ZIPS = ['10001', '11201', '60601', '90012', '02108', '30303', '98101', '75201', '33101'];

export interface FittingFigures {
  centres: number;
  bays: number;
  unseenSlotSearch: { p50Ms: number; p99Ms: number; requests: number; answerBytes: number };
  booking: {
    shoppers: number;
    booked: number;
    refused: number;
    doubleBooked: number;
    p50Ms: number;
    p99Ms: number;
  };
  targets: { slotsP99Ms: number; bookingP99Ms: number; met: boolean };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

function benchCentre(n: number): FittingCentreBody {
  return {
    code: `BENCH-${n}`,
    name: `Bench Centre ${n}`,
    kind: n % 3 === 0 ? 'partner' : 'own',
    street: `${n} Bench Street`,
    city: 'Benchville',
    postcode: ZIPS[n % ZIPS.length]!,
    country: 'US',
    timeZone: 'America/New_York',
    hours: [
      null,
      ...Array.from({ length: 5 }, () => ({ opens: '08:00', closes: '18:00' })),
      { opens: '09:00', closes: '14:00' },
    ],
    closedDays: [],
    bays: BAYS,
    capabilities: { maxRim: 22, runFlat: true, tpms: true, highPerformance: true },
    mobile: null,
    active: true,
  };
}

export async function measureFittingSlots(log: (message: string) => void): Promise<FittingFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-fitting-'));
  fs.chmodSync(dataDir, 0o711);
  try {
    const embedded = await startEmbeddedDatabase(path.join(dataDir, 'postgres'));
    try {
      log(`fitting: writing ${BENCH_CENTRES} centres with ${BAYS} bays each`);
      const database = await openStoreDatabase(embedded.url);
      try {
        for (let n = 0; n < BENCH_CENTRES; n += 1) {
          await insertCentre(database.db, benchCentre(n));
        }
      } finally {
        await database.close();
      }
    } finally {
      await embedded.stop();
    }
    const stack = await startStack({}, { dataDir });
    try {
      const base = stack.baseUrl;
      const admin = await appToken(stack, ADMIN.email, ADMIN.password);
      const products: Array<{ _id: string }> = [];
      for (let i = 0; i < 4; i += 1) {
        products.push(
          await addProduct(stack, admin, {
            name: `Bench fitting tyre ${i}`,
            description: 'Stock for the fitting benchmark.',
            price: 99,
            orderquantity: 1,
            availableauantity: 1_000_000,
            img: '/images/products/summer-tyre.svg',
          }),
        );
      }
      const centres = (
        (await (await fetch(`${base}/api/fitting-centres`)).json()) as Array<{
          _id: string;
          code: string;
        }>
      ).filter((centre) => centre.code.startsWith('BENCH-'));

      // Each centre once, its job and products its own: no answer made before.
      const jobs = ['pair', 'four', 'staggered'] as const;
      const slotUrl = (i: number) =>
        `/api/fitting-centres/${centres[i]!._id}/slots?job=${jobs[i % 3]}&tpms=${i % 2 === 0}` +
        `&days=30&products=${products[i % products.length]!._id}`;
      await fetch(`${base}${slotUrl(0)}`).then((res) => res.arrayBuffer());
      const times: number[] = [];
      const sizes: number[] = [];
      for (let i = 1; i < centres.length; i += 1) {
        const started = performance.now();
        const res = await fetch(`${base}${slotUrl(i)}`);
        const body = await res.arrayBuffer();
        if (!res.ok) throw new Error(`slots answered ${res.status}`);
        times.push(performance.now() - started);
        sizes.push(body.byteLength);
      }

      log(`fitting: ${SHOPPERS} shoppers booking at once`);
      const shoppers = await newShoppers(stack, SHOPPERS, `fit${Date.now().toString(36)}`);
      const slotsOf = async (centreId: string) =>
        (
          (await (
            await fetch(
              `${base}/api/fitting-centres/${centreId}/slots?job=four&days=10&products=${products[0]!._id}`,
            )
          ).json()) as { day: { slots: Array<{ startsAt: string }> } }
        ).day.slots;
      const contested = (await slotsOf(centres[0]!._id))[0]!.startsAt;
      const choices = await Promise.all(
        shoppers.map(async (_, i) =>
          i < RACERS
            ? { centreId: centres[0]!._id, startsAt: contested }
            : {
                centreId: centres[i]!._id,
                startsAt: (await slotsOf(centres[i]!._id))[0]!.startsAt,
              },
        ),
      );
      await Promise.all(
        shoppers.map((shopper) =>
          fetch(`${base}/api/bag/merge`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${shopper.token}`,
            },
            body: JSON.stringify({ items: [{ productId: products[0]!._id, quantity: 4 }] }),
          }),
        ),
      );
      const answers = await Promise.all(
        shoppers.map(async (shopper, i) => {
          const started = performance.now();
          const res = await fetch(`${base}/api/checkout`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${shopper.token}`,
            },
            body: JSON.stringify({
              name: 'Bench Shopper',
              address: '1 Benchmark Road',
              number: '+1 555 0100',
              appointment: { ...choices[i], job: 'four' },
            }),
          });
          const body = (await res.json()) as {
            appointment?: { centre: { _id: string }; bay: number; startsAt: string } | null;
          };
          return { status: res.status, ms: performance.now() - started, body };
        }),
      );
      const booked = answers.filter((a) => a.status === 201);
      const bays = booked.map(
        (a) =>
          `${a.body.appointment?.centre._id} ${a.body.appointment?.bay} ${a.body.appointment?.startsAt}`,
      );
      const figures: FittingFigures = {
        centres: BENCH_CENTRES,
        bays: BAYS,
        unseenSlotSearch: {
          p50Ms: round(percentile(times, 50)),
          p99Ms: round(percentile(times, 99)),
          requests: times.length,
          answerBytes: percentile(sizes, 50),
        },
        booking: {
          shoppers: SHOPPERS,
          booked: booked.length,
          refused: answers.filter((a) => a.status === 409).length,
          doubleBooked: bays.length - new Set(bays).size,
          p50Ms: round(
            percentile(
              answers.map((a) => a.ms),
              50,
            ),
          ),
          p99Ms: round(
            percentile(
              answers.map((a) => a.ms),
              99,
            ),
          ),
        },
        targets: { slotsP99Ms: 30, bookingP99Ms: 50, met: false },
      };
      figures.targets.met =
        figures.unseenSlotSearch.p99Ms <= 30 &&
        figures.booking.p99Ms <= 50 &&
        figures.booking.doubleBooked === 0;
      log(`fitting: ${JSON.stringify(figures)}`);
      return figures;
    } finally {
      await stack.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  measureFittingSlots((message) => console.error(message))
    .then((figures) => {
      const file = path.resolve(__dirname, 'results', 'fittingSlots.json');
      fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      console.error(`written to ${path.relative(process.cwd(), file)}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
