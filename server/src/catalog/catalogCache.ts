import { createHash } from 'node:crypto';

export interface CachedCatalog {
  /** The JSON body of `GET /api/product`, serialised once. */
  body: string;
  /** A strong ETag of exactly these bytes, equal in every process that holds them. */
  etag: string;
}

/**
 * The catalogue as the API last read it, dropped whenever the database says the products
 * changed (NOTIFY `catalog_changed`, sent by a trigger at commit). A read that raced with a
 * change is served but not kept, so the cache never holds a list older than the last change.
 */
export class CatalogCache {
  private current: CachedCatalog | null = null;
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

  async get(load: () => Promise<unknown>): Promise<CachedCatalog> {
    if (this.trusted && this.current) return this.current;
    const startedAt = this.generation;
    const body = JSON.stringify(await load());
    const fresh = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (this.trusted && startedAt === this.generation) this.current = fresh;
    return fresh;
  }
}
