import { createHash } from 'node:crypto';
import type { ModelCard } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import { SearchIndex } from './searchIndex';
import type { Synonyms } from './searchSynonyms';
import type { StockNotices } from './stockNotices';

/** A response body, serialised once, with its (weak) ETag. */
export interface CachedBody {
  /** JSON, sent as it is. */
  body: string;
  /** An ETag of the representation, equal in every process that serves the same one. */
  etag: string;
}

/** One page of the catalogue: its products as JSON, and how many products there are in all. */
export interface CachedPage extends CachedBody {
  total: number;
}

/**
 * Weak: the same tag goes out on the plain and the compressed bytes (compression comes later),
 * and only a weak tag may name representations that are equal in meaning, not in bytes.
 */
const etagOf = (text: string) => `W/"${createHash('sha1').update(text).digest('base64url')}"`;

/**
 * A page as `GET /product?limit=&offset=` sends it (of models with `by=model`). The ETag covers the body and the total
 * (sent as `X-Total-Count`), so it changes whenever either does: a page is fresh only while its
 * products and the count are those the client holds.
 */
export function pageOf(
  items: readonly Product[] | readonly ModelCard[],
  total: number,
): CachedPage {
  return pageOfJson(JSON.stringify(items), total);
}

/** pageOf for a list already serialised. */
export function pageOfJson(body: string, total: number): CachedPage {
  return { body, total, etag: etagOf(`${total}\n${body}`) };
}

/** Serialised pages one snapshot keeps, in bytes; beyond it they are made again on demand. */
const PAGE_MEMORY = 8 * 1024 * 1024;

/**
 * The catalogue as one read of the database saw it, in order. The whole list and each page are
 * serialised (and hashed) on first use and then reused until the catalogue changes.
 */
export class CatalogSnapshot {
  private whole: CachedPage | null = null;
  private readonly pages = new Map<string, CachedPage>();
  private pageBytes = 0;

  /**
   * `positions` (id to index) and `searchIndex` may come from the snapshot this one was
   * patched from.
   */
  constructor(
    readonly products: readonly Product[],
    private positions: ReadonlyMap<string, number> | null = null,
    private searchIndex: SearchIndex | null = null,
  ) {}

  /** The search index of this list, built on first use. */
  get index(): SearchIndex {
    this.searchIndex ??= SearchIndex.build(this.products);
    return this.searchIndex;
  }

  get total() {
    return this.products.length;
  }

  private indexOf(id: string): number | undefined {
    this.positions ??= new Map(this.products.map((product, at) => [product._id, at]));
    return this.positions.get(id);
  }

  /** The product with this id, if this snapshot has it. */
  find(id: string): Product | undefined {
    const at = this.indexOf(id);
    return at === undefined ? undefined : this.products[at];
  }

  /**
   * This list with `changed` put where the same products stand, or null when one of them is not
   * in it (then only a full read gets the order right).
   */
  patched(changed: readonly Product[]): CatalogSnapshot | null {
    const next = this.products.slice();
    const places: number[] = [];
    for (const product of changed) {
      const at = this.indexOf(product._id);
      if (at === undefined) return null;
      next[at] = product;
      places.push(at);
    }
    // Same ids at the same places: the id index stays valid, and a search index built for this
    // list is brought up to date (cheap for a stock or price change) rather than built again.
    const index = this.searchIndex?.derive(next, places) ?? null;
    return new CatalogSnapshot(next, this.positions, index);
  }

  /** The whole catalogue (the spec's `GET /product`), with its total: one object to send. */
  all(): CachedPage {
    if (!this.whole) {
      const body = JSON.stringify(this.products);
      this.whole = { body, etag: etagOf(body), total: this.total };
    }
    return this.whole;
  }

  /** `limit` products from `offset` on (none past the end), and the total. */
  page(limit: number, offset: number): CachedPage {
    return this.kept(`${limit}:${offset}`, () =>
      pageOf(this.products.slice(offset, offset + limit), this.total),
    );
  }

  /**
   * A page of a search of this list, serialised by `make` on first use and kept with it (as
   * plain pages are): `search` names the search, its page and its market.
   */
  searchPage(search: string, make: () => CachedPage): CachedPage {
    return this.kept(`search:${search}`, make);
  }

  /** searchPage for a page made asynchronously; two asking at once may both make it. */
  async searchPageMade(search: string, make: () => Promise<CachedPage>): Promise<CachedPage> {
    const key = `search:${search}`;
    const known = this.pages.get(key);
    if (known) return known;
    const page = await make();
    return this.kept(key, () => page);
  }

  private kept(key: string, make: () => CachedPage): CachedPage {
    const kept = this.pages.get(key);
    if (kept) return kept;
    const page = make();
    // Any limit/offset pair is a valid request: bound what they can make this process hold.
    if (this.pageBytes + page.body.length > PAGE_MEMORY) {
      this.pages.clear();
      this.pageBytes = 0;
    }
    this.pages.set(key, page);
    this.pageBytes += page.body.length;
    return page;
  }
}

/** Reads the whole catalogue, in the list's order. */
export type LoadAll = () => Promise<Product[]>;
/** Reads these products, in any order; one that no longer exists or is not listed is left out. */
export type LoadSome = (ids: readonly string[]) => Promise<Product[]>;

/** Beyond this many changed products, one full read is cheaper than patching. */
const PATCH_LIMIT = 500;

/**
 * Sent on the same channel by a trigger on reviews (migration 0010): not a catalogue change, but
 * server-rendered pages show reviews too.
 */
export const REVIEWS_CHANGED = 'reviews';

/**
 * `S:<product id>` (its stock alone moved, migration 0014), `U:<product id>` (anything else
 * of it changed in place) or `M:<product id>` (its own price in a market, migration 0042).
 */
const PRODUCT_CHANGED = /^([SUM]):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Sent by a trigger on markets (migration 0042): a market's conversion, rates or fees. */
export const MARKETS_CHANGED = 'markets';

const NOTICE_OF_KIND = { S: 'stock', U: 'product', M: 'marketPrice' } as const;

/** `G:<model id>`: a tyre model's gallery (migration 0043). */
const MODEL_CHANGED = /^G:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** What a notification on `catalog_changed` says changed. */
export type CatalogNotice =
  | { what: 'reviews' }
  /** One product's stock, nothing else of it. */
  | { what: 'stock'; id: string }
  /** One product in place: its price, text, attributes or status (maybe its stock too). */
  | { what: 'product'; id: string }
  /** A tyre model's pictures (issue 51): its pages, never the catalogue's snapshot. */
  | { what: 'model'; id: string }
  /** One product's own price in a market: not the catalogue's, but pages show it. */
  | { what: 'marketPrice'; id: string }
  /** A market's settings: every converted price may have moved. */
  | { what: 'markets' }
  /** Anything: products added or removed, or a payload this version does not know. */
  | { what: 'catalogue' };

export function readCatalogNotice(payload: string): CatalogNotice {
  if (payload === REVIEWS_CHANGED) return { what: 'reviews' };
  const [, model] = MODEL_CHANGED.exec(payload) ?? [];
  if (model) return { what: 'model', id: model.toLowerCase() };
  if (payload === MARKETS_CHANGED) return { what: 'markets' };
  const [, kind, id] = PRODUCT_CHANGED.exec(payload) ?? [];
  // An id that is not a uuid would fail every re-read until the next full change.
  if (!kind || !id) return { what: 'catalogue' };
  const what = NOTICE_OF_KIND[kind.toUpperCase() as keyof typeof NOTICE_OF_KIND];
  return { what, id: id.toLowerCase() };
}

/**
 * The catalogue as the API last read it, kept fresh by the database's notifications
 * (NOTIFY `catalog_changed`, sent by a trigger at commit): a product changed in place is read
 * again on its own and put back where it stands; anything else (a product added or removed)
 * drops the snapshot for a full read.
 *
 * Every change bumps a generation. A read started at generation g sees every change heard of by
 * then (it was committed before the read began), so a snapshot of g plus a re-read of the
 * products changed after g is as fresh as a full read. A read that raced a full change is served
 * but not kept; one that raced product changes is kept only as the base to patch next, never
 * served as it is to a request that came after the change. Requests at the same generation share
 * one read.
 */
export class CatalogCache {
  /** The last snapshot kept and the generation it is fresh for. */
  private base: { snapshot: CatalogSnapshot; generation: number } | null = null;
  private loading: { generation: number; snapshot: Promise<CatalogSnapshot> } | null = null;
  private generation = 0;
  /** The generation of the last change that needs a full read. */
  private wholeChangedAt = 0;
  /** Products changed since the last full change, each with the generation of its last change. */
  private readonly changed = new Map<string, number>();
  /** False while no notifications arrive (listener lost): then every read goes to the database. */
  private trusted = false;
  /** The search's synonyms, read once per full change (a change of them is one). */
  private synonymsRead: { since: number; synonyms: Promise<Synonyms> } | null = null;

  /** `stockNotices`: how every process hears of stock moved by a transaction that kept quiet. */
  constructor(private readonly stockNotices?: StockNotices) {}

  /** Starts trusting the cache; called once the LISTEN is in place. */
  enable() {
    this.trusted = true;
    this.invalidate();
  }

  disable() {
    this.trusted = false;
    this.invalidate();
  }

  /** Anything may have changed (products added or removed): the next read reads everything. */
  invalidate() {
    this.generation += 1;
    this.wholeChangedAt = this.generation;
    this.base = null;
    this.changed.clear();
  }

  /** One product changed in place (stock, price, text): the next read reads it again. */
  productChanged(id: string) {
    this.generation += 1;
    if (!this.trusted) return;
    this.changed.set(id, this.generation);
    // Bounds what a stream of changes without reads makes this process hold.
    if (this.changed.size > PATCH_LIMIT) this.invalidate();
  }

  /**
   * Products whose stock this process moved in a transaction that left their notice to it
   * (`store.stock_announced`: placing orders and checkouts): read again here at once, and every
   * process told now that it is committed.
   */
  stockMoved(ids: readonly string[]) {
    for (const id of ids) this.productChanged(id);
    this.stockNotices?.announce(ids);
  }

  /**
   * A notification's payload: `S:<id>` or `U:<id>` for one product changed in place, else a
   * full change.
   */
  notified(payload: string) {
    const notice = readCatalogNotice(payload);
    if (notice.what === 'stock' || notice.what === 'product') this.productChanged(notice.id);
    // Reviews, market prices and models' pictures are on pages, not in the catalogue's products.
    else if (notice.what === 'catalogue') this.invalidate();
  }

  /** The search's synonyms, as fresh as the last full change heard of. */
  synonyms(load: () => Promise<Synonyms>): Promise<Synonyms> {
    if (!this.trusted) return load();
    if (this.synonymsRead?.since !== this.wholeChangedAt) {
      const read = { since: this.wholeChangedAt, synonyms: load() };
      // A failed read is not kept: the next search tries again.
      read.synonyms.catch(() => {
        if (this.synonymsRead === read) this.synonymsRead = null;
      });
      this.synonymsRead = read;
    }
    return this.synonymsRead.synonyms;
  }

  /**
   * Which full change the catalogue was last read again for (products added or removed, or
   * notifications lost): what is kept beside the catalogue about which products exist is valid
   * while this stays the same.
   */
  get lastFullChange() {
    return this.wholeChangedAt;
  }

  /**
   * Whether a snapshot stays valid until the next notification. When it does not, a caller
   * that needs a small part of the catalogue is better served by asking the database for it.
   */
  get isTrusted() {
    return this.trusted;
  }

  /**
   * The catalogue as fresh as the last change heard of. `loadSome` lets product changes be
   * patched in; without it every change means a full read.
   */
  async get(loadAll: LoadAll, loadSome?: LoadSome): Promise<CatalogSnapshot> {
    if (!this.trusted) return new CatalogSnapshot(await loadAll());
    if (this.base?.generation === this.generation) return this.base.snapshot;
    if (this.loading?.generation === this.generation) return this.loading.snapshot;
    const snapshot = this.refresh(this.generation, this.loading, loadAll, loadSome).finally(() => {
      if (this.loading?.snapshot === snapshot) this.loading = null;
    });
    this.loading = { generation: this.generation, snapshot };
    return snapshot;
  }

  private async refresh(
    wanted: number,
    under: { generation: number; snapshot: Promise<CatalogSnapshot> } | null,
    loadAll: LoadAll,
    loadSome: LoadSome | undefined,
  ): Promise<CatalogSnapshot> {
    // A read already under way since the last full change becomes a base to patch: waiting
    // for it beats reading everything a second time.
    if (
      loadSome &&
      under &&
      under.generation >= this.wholeChangedAt &&
      under.generation > (this.base?.generation ?? -1)
    ) {
      await under.snapshot.catch(() => undefined);
      if (this.base && this.base.generation >= wanted) return this.base.snapshot;
    }
    const base = this.base;
    if (base && loadSome) {
      const startedAt = this.generation;
      const ids = [...this.changed].filter(([, at]) => at > base.generation).map(([id]) => id);
      if (ids.length === 0) return this.keep(base.snapshot, startedAt);
      const rows = await loadSome(ids);
      // A product gone from the list (retired) or new to it changes the list itself; one that
      // is in neither (a retired product's stock or text) changes nothing here.
      const found = new Set(rows.map((row) => row._id));
      const gone = ids.some((id) => !found.has(id) && base.snapshot.find(id) !== undefined);
      const patched = gone ? null : base.snapshot.patched(rows);
      if (patched) return this.keep(patched, startedAt);
    }
    const startedAt = this.generation;
    return this.keep(new CatalogSnapshot(await loadAll()), startedAt);
  }

  /** Keeps a snapshot read from generation `startedAt` on, unless it is not the newest. */
  private keep(snapshot: CatalogSnapshot, startedAt: number): CatalogSnapshot {
    const newer = this.base && this.base.generation >= startedAt;
    if (this.trusted && startedAt >= this.wholeChangedAt && !newer) {
      this.base = { snapshot, generation: startedAt };
      for (const [id, at] of this.changed) if (at <= startedAt) this.changed.delete(id);
    }
    return snapshot;
  }
}
