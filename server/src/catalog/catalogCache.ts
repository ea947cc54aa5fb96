import { createHash } from 'node:crypto';
import type { Product } from '../contract/products';

/** A response body, serialised once, with its strong ETag. */
export interface CachedBody {
  /** JSON, sent as it is. */
  body: string;
  /** A strong ETag of the representation, equal in every process that serves the same one. */
  etag: string;
}

/** One page of the catalogue: its products as JSON, and how many products there are in all. */
export interface CachedPage extends CachedBody {
  total: number;
}

const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/**
 * A page as `GET /product?limit=&offset=` sends it. The ETag covers the body and the total
 * (sent as `X-Total-Count`), so it changes whenever either does: a page is fresh only while its
 * products and the count are those the client holds.
 */
export function pageOf(products: readonly Product[], total: number): CachedPage {
  const body = JSON.stringify(products);
  return { body, total, etag: etagOf(`${total}\n${body}`) };
}

/** Serialised pages one snapshot keeps, in bytes; beyond it they are made again on demand. */
const PAGE_MEMORY = 8 * 1024 * 1024;

/**
 * The catalogue as one read of the database saw it, in order. The whole list and each page are
 * serialised (and hashed) on first use and then reused until the catalogue changes.
 */
export class CatalogSnapshot {
  private whole: CachedBody | null = null;
  private readonly pages = new Map<string, CachedPage>();
  private pageBytes = 0;

  constructor(readonly products: readonly Product[]) {}

  get total() {
    return this.products.length;
  }

  /** The whole catalogue (the spec's `GET /product`). */
  all(): CachedBody {
    if (!this.whole) {
      const body = JSON.stringify(this.products);
      this.whole = { body, etag: etagOf(body) };
    }
    return this.whole;
  }

  /** `limit` products from `offset` on (none past the end), and the total. */
  page(limit: number, offset: number): CachedPage {
    const key = `${limit}:${offset}`;
    const kept = this.pages.get(key);
    if (kept) return kept;
    const page = pageOf(this.products.slice(offset, offset + limit), this.total);
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

/**
 * The catalogue as the API last read it, dropped whenever the database says the products
 * changed (NOTIFY `catalog_changed`, sent by a trigger at commit). A read that raced with a
 * change is served but not kept, so the cache never holds a list older than the last change.
 * Requests that arrive while the catalogue is being read wait for that one read.
 */
export class CatalogCache {
  private current: CatalogSnapshot | null = null;
  private loading: { generation: number; snapshot: Promise<CatalogSnapshot> } | null = null;
  private generation = 0;
  /** False while no notifications arrive (listener lost): then every read goes to the database. */
  private trusted = false;

  /** Starts trusting the cache; called once the LISTEN is in place. */
  enable() {
    this.trusted = true;
    this.invalidate();
  }

  disable() {
    this.trusted = false;
    this.invalidate();
  }

  invalidate() {
    this.generation += 1;
    this.current = null;
  }

  /**
   * Whether a snapshot stays valid until the next notification. When it does not, a caller
   * that needs a small part of the catalogue is better served by asking the database for it.
   */
  get isTrusted() {
    return this.trusted;
  }

  async get(load: () => Promise<Product[]>): Promise<CatalogSnapshot> {
    if (!this.trusted) return new CatalogSnapshot(await load());
    if (this.current) return this.current;
    if (this.loading?.generation === this.generation) return this.loading.snapshot;
    const startedAt = this.generation;
    const snapshot = load()
      .then((products) => {
        const fresh = new CatalogSnapshot(products);
        if (this.trusted && startedAt === this.generation) this.current = fresh;
        return fresh;
      })
      .finally(() => {
        if (this.loading?.snapshot === snapshot) this.loading = null;
      });
    this.loading = { generation: startedAt, snapshot };
    return snapshot;
  }
}
