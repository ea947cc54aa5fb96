import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Market, MarketPrice } from '../../../contract/markets';
import { marketCopy } from '../../../contract/marketCopy';
import type { CatalogNotice, CatalogSnapshot } from '../catalog/catalogCache';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { Invalid, NotFound } from '../domainErrors';
import { marketPrices } from './marketSchema';
import {
  findMarket,
  listMarkets,
  marketOfCountry,
  priceInMarket,
  shelfPrices,
} from './marketTable';
import { ownPricesOf, type OwnPrices } from './ownPrices';
import type { ShelfScale } from './shelfScale';

/** The markets and every own price, as one read saw them. */
interface MarketState {
  markets: Market[];
  own: OwnPrices;
}

/**
 * The shop's shelf prices per market (`GET /api/markets/:code/prices`, asked with every page of
 * products a shopper outside the US sees) answered from memory: the markets' settings and the
 * products' own prices, kept fresh by the notifications on `catalog_changed` (migration 0042),
 * and the dollar prices from the cached catalogue. `M:<id>` reads that product's own prices again
 * on the next call; `markets` (or any change this cache cannot place) reads everything again.
 *
 * Every notice bumps a generation, as in CatalogCache: a read started at generation g has seen
 * every change heard of by then, so it is kept only when nothing that needs a full read came
 * after g, and a product's re-read is applied only over an older one. While the notifications
 * cannot be trusted, every call reads the database.
 */
export class MarketPriceCache {
  private generation = 0;
  private trusted = false;
  /** The generation of the last change that needs a full read. */
  private wholeChangedAt = 0;
  private state: { generation: number; read: Promise<MarketState> } | null = null;
  /** Products whose own prices changed since the state was read, with the notice's generation. */
  private readonly stale = new Map<string, number>();
  /** The generation each product's own prices were last read at (after the state's read). */
  private readonly readAt = new Map<string, number>();
  /** Each market's shelf scale (see `scale`) and the generation it is fresh for. */
  private readonly scales = new Map<string, { generation: number; scale: ShelfScale }>();

  constructor(private readonly db: Db) {}

  enable() {
    this.trusted = true;
    this.invalidate();
  }

  disable() {
    this.trusted = false;
    this.invalidate();
  }

  private invalidate() {
    this.generation += 1;
    this.wholeChangedAt = this.generation;
    this.state = null;
    this.stale.clear();
    this.readAt.clear();
  }

  notified(notice: CatalogNotice) {
    switch (notice.what) {
      case 'marketPrice':
        this.generation += 1;
        this.stale.set(notice.id, this.generation);
        return;
      case 'markets':
      case 'catalogue':
        this.invalidate();
        return;
      // Stock, text and dollar prices come from the catalogue's own snapshot.
      default:
        return;
    }
  }

  /** The market with this code, refused as not found when the store has none. */
  async market(code: string): Promise<Market> {
    if (!this.trusted) return findMarket(this.db, code);
    const { markets } = await this.current();
    const market = markets.find((one) => one.code === code);
    if (!market) throw new NotFound(marketCopy.refused.unknownMarket(code));
    return market;
  }

  /**
   * The market that sells to `country` (a checkout's pricing), refused in words when none does:
   * as marketOfCountry reads it, its rates and fees as fresh as the last `markets` notice.
   */
  async marketOfCountry(country: string): Promise<Market> {
    if (!this.trusted) return marketOfCountry(this.db, country);
    const { markets } = await this.current();
    const market = markets.find((one) => one.countries.includes(country));
    if (!market) throw new Invalid(marketCopy.refused.noMarket(country));
    return market;
  }

  /**
   * The shelf prices of `ids` in `market`, in the order asked (unknown ids left out): the same
   * answer as shelfPrices reads from the database (ids in lower case). Dollar prices of products the snapshot does
   * not list (retired ones) are read from the database.
   */
  async shelfPrices(
    market: Market,
    ids: readonly string[],
    catalogue: () => Promise<CatalogSnapshot>,
  ): Promise<MarketPrice[]> {
    if (!this.trusted) return shelfPrices(this.db, market, ids);
    if (ids.length === 0) return [];
    const [{ own }, snapshot] = await Promise.all([this.current(), catalogue()]);
    await this.reread(own);
    const dollars = new Map<string, number>();
    const missing: string[] = [];
    for (const id of ids) {
      const product = snapshot.find(id);
      if (product) dollars.set(id, Math.round(product.price * 100));
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.db
        .select({ id: products.id, dollarCents: products.priceCents })
        .from(products)
        .where(inArray(products.id, missing));
      for (const row of rows) dollars.set(row.id, row.dollarCents);
    }
    const prices: MarketPrice[] = [];
    for (const id of ids) {
      const dollarCents = dollars.get(id);
      if (dollarCents === undefined) continue;
      const ownMinor = own.get(id)?.get(market.code);
      prices.push({
        productId: id,
        minor: ownMinor ?? priceInMarket(market, dollarCents),
        own: ownMinor !== undefined,
      });
    }
    return prices;
  }

  /**
   * The market's shelf prices as the shop's price filter reads them: its own prices and its
   * conversion, named by the generation they are fresh for (kept until the next notice). While
   * the notices cannot be trusted, read from the database and named by what they hold.
   */
  async scale(market: Market): Promise<ShelfScale> {
    const convert = (dollarCents: number) => priceInMarket(market, dollarCents);
    const { conversion } = market;
    const settings = `${market.code}:${JSON.stringify(market.conversion)}`;
    if (!this.trusted) {
      const rows = await this.db
        .select({ id: marketPrices.productId, minor: marketPrices.priceMinor })
        .from(marketPrices)
        .where(eq(marketPrices.market, market.code));
      const own = new Map(rows.map((row) => [row.id, row.minor]));
      const held = createHash('sha1')
        .update(JSON.stringify([...own].sort()))
        .digest('base64url');
      return { key: `${settings}:${held}`, market: market.code, own, convert, conversion };
    }
    const generation = this.generation;
    const kept = this.scales.get(market.code);
    if (kept?.generation === generation && kept.scale.key.startsWith(`${settings}:`)) {
      return kept.scale;
    }
    const { own: all } = await this.current();
    await this.reread(all);
    const own = new Map<string, number>();
    for (const [id, byMarket] of all) {
      const minor = byMarket.get(market.code);
      if (minor !== undefined) own.set(id, minor);
    }
    const scale = {
      key: `${settings}:${generation}`,
      market: market.code,
      own,
      convert,
      conversion,
    };
    // Read at `generation` or later: named by it, kept only while nothing came after.
    if (this.generation === generation) this.scales.set(market.code, { generation, scale });
    return scale;
  }

  /** The markets and own prices as fresh as the last full change heard of. */
  private current(): Promise<MarketState> {
    if (this.state) return this.state.read;
    const startedAt = this.generation;
    const read = Promise.all([listMarkets(this.db), this.readAllOwn()]).then(([markets, own]) => ({
      markets,
      own,
    }));
    const kept = { generation: startedAt, read };
    this.state = kept;
    read.then(
      () => {
        // Own-price changes heard of before the read began are in it.
        for (const [id, at] of this.stale) if (at <= startedAt) this.stale.delete(id);
      },
      () => {
        // A failed read is not kept: the next call tries again.
        if (this.state === kept) this.state = null;
      },
    );
    // A full change heard of while reading leaves the state dropped (invalidate): not kept.
    return read;
  }

  private async readAllOwn(): Promise<OwnPrices> {
    const own: OwnPrices = new Map();
    const rows = await this.db.select().from(marketPrices);
    for (const row of rows) {
      const byMarket = own.get(row.productId) ?? new Map<string, number>();
      byMarket.set(row.market, row.priceMinor);
      own.set(row.productId, byMarket);
    }
    return own;
  }

  /** Reads again the own prices of the products changed since `own` was read. */
  private async reread(own: OwnPrices) {
    if (this.stale.size === 0) return;
    const startedAt = this.generation;
    const wholeAt = this.wholeChangedAt;
    const ids = [...this.stale.keys()];
    const fresh = await ownPricesOf(this.db, ids);
    // Everything was dropped meanwhile: the next call reads it all again.
    if (this.wholeChangedAt !== wholeAt) return;
    for (const id of ids) {
      if ((this.readAt.get(id) ?? 0) >= startedAt) continue;
      const prices = fresh.get(id);
      if (prices) own.set(id, prices);
      else own.delete(id);
      this.readAt.set(id, startedAt);
      if ((this.stale.get(id) ?? Infinity) <= startedAt) this.stale.delete(id);
    }
  }
}
