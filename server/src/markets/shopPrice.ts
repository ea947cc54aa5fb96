import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Conversion } from '../../../contract/markets';

/**
 * A dollar price (cents) in a market without a price of its own: converted at the admin's rate,
 * then moved to the nearest shop price ending in `ending` minor units (89.50 USD at 0.92 is 82.34,
 * shown as 81.99). A tie goes up; a price never goes below zero.
 */
export function convertedPrice(dollarCents: number, conversion: Conversion): number {
  const raw = Math.round(dollarCents * conversion.perDollar);
  if (conversion.ending === null) return raw;
  const below = Math.floor(raw / 100) * 100 + conversion.ending;
  const candidates = [below - 100, below, below + 100].filter((price) => price >= 0);
  let best = candidates[0] ?? conversion.ending;
  for (const price of candidates) {
    const distance = Math.abs(price - raw);
    const bestDistance = Math.abs(best - raw);
    if (distance < bestDistance || (distance === bestDistance && price > best)) best = price;
  }
  return best;
}

/**
 * The twin of convertedPrice in SQL, over a column of dollar cents: the same double-precision
 * product rounded half up, moved to the nearest price ending in `ending` (a tie goes up, never
 * below zero). `server/test/shopPriceSql.test.ts` holds the two equal.
 */
export function convertedPriceSql(dollarCents: SQL | AnyColumn, conversion: Conversion): SQL {
  const raw = sql`floor(${dollarCents}::float8 * ${conversion.perDollar}::float8 + 0.5)::bigint`;
  if (conversion.ending === null) return raw;
  const below = sql`(${raw} / 100 * 100 + ${conversion.ending}::int)`;
  return sql`(case
    when ${raw} >= ${below}
      then case when ${below} + 100 - ${raw} <= ${raw} - ${below} then ${below} + 100 else ${below} end
    when ${below} - 100 < 0 or ${below} - ${raw} <= ${raw} - ${below} + 100 then ${below}
    else ${below} - 100
  end)`;
}
