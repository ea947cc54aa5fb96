import { LRUCache } from 'lru-cache';
import { TypedFastBitSet } from 'typedfastbitset';
import type { ProductSort } from '../../../contract/catalogTerms';
import type { Product, ProductFacets } from '../../../contract/products';
import type { SizeOnly } from '../../../contract/sizeAlternatives';
import { canBeOrdered } from '../../../contract/stockRule';
import {
  countModelsOver,
  countOver,
  FacetCodes,
  noCounts,
  type Counting,
  type FacetCounts,
} from './facetCounting';
import { IndexModels, type ModelHits } from './indexModels';
import { ScratchSets } from './scratchSets';
import { dollarRangeOf, type ShelfScale } from '../markets/shelfScale';
import {
  FACETS,
  facetsOf,
  facetValue,
  valuesPicked,
  type FacetName,
  type FacetValue,
  type ProductFilter,
} from './productFilter';
import { formatTyreSize } from '../../../contract/tyreSize';
import { suggestionEdits, typosAllowed } from './searchTypos';
import { Vocabulary } from './searchVocabulary';
import { productSearchText, searchWords, type SearchQuery } from './searchWords';

/** One part of a filter, as the set of positions that pass it, and the facet it belongs to. */
interface Part {
  facet: FacetName | 'price' | null;
  positions: TypedFastBitSet;
}

/** What an index is made of; a derived index shares what did not change. */
interface IndexParts {
  byFacet: Record<FacetName, Map<FacetValue, TypedFastBitSet>>;
  words: Map<string, number[]>;
  sortedWords: string[] | null;
  vocabulary: Vocabulary;
  bySize: Map<string, TypedFastBitSet>;
  inStock: TypedFastBitSet;
  priceCents: Int32Array;
  answers: Answers;
  codes: FacetCodes;
  counting: Counting;
  /** Unions of a facet's values picked together (see pickedOf). */
  unions: Map<string, TypedFastBitSet>;
  /** Each product's model, read when first asked for (the same for a derived index). */
  models: { of: IndexModels | null };
  /** Sets of the catalogue's size lent to a panel's counts. */
  scratch: ScratchSets;
}

/**
 * Answers already worked out, by query: shoppers repeat the popular searches. They hold
 * positions and counts only, so they stay right while only stock counts change (every order),
 * and are dropped with the stock or price sets they were worked out from.
 */
type Answers = LRUCache<string, SearchHits | ModelHits | ProductFacets>;
const ANSWERS_KEPT = 2000;
/** Positions per block of the price order (see `priced`). */
const PRICE_BLOCK = 2048;
const newAnswers = (): Answers => new LRUCache({ max: ANSWERS_KEPT });
/** Price orders in markets kept per catalogue (two sorts per market). */
const SHELF_ORDERS_KEPT = 8;
/** Unions of picked values kept per catalogue (a few per facet are ever asked). */
const UNIONS_KEPT = 500;

/** A filter as a cache key: the same search, however its lists were ordered, is one key. */
export function keyOf(filter: ProductFilter): string {
  const sorted = <T>(list: readonly T[]) => [...list].sort();
  return JSON.stringify([
    filter.text.words,
    filter.text.alike,
    filter.text.size,
    sorted(filter.category),
    sorted(filter.season),
    sorted(filter.width),
    sorted(filter.aspect),
    sorted(filter.rim),
    filter.minPriceCents,
    filter.maxPriceCents,
    filter.shelf?.key ?? null,
    filter.inStock,
    filter.fuel,
    filter.wetGrip,
    filter.maxNoiseDb,
    filter.snow,
    sorted(filter.oeMark),
    filter.runFlat,
    filter.reinforced,
    filter.mudSnow,
    sorted(filter.oeFirst),
    filter.sizes?.map(sizeKey).sort() ?? null,
  ]);
}

/** Products that pass the filter, in the order asked for, and how many there are in all. */
export interface SearchHits {
  positions: number[];
  total: number;
}

/** A typed word's products: those with the word (or a synonym), and those with it mistyped too. */
interface WordMatch {
  exact: TypedFastBitSet;
  forgiving: TypedFastBitSet;
}

/** A tyre size as one key: a car's sizes are looked up whole, not width, aspect and rim apart. */
const sizeKey = (size: SizeOnly) => `${size.width}/${size.aspect}/${size.rim}`;

/**
 * The catalogue of one snapshot made searchable in memory: a set of positions (bitset) per
 * facet value, per word, and for stock; orders for each sort. A search intersects the sets of
 * the parts of its filter; a facet's counts intersect the sets of every part but the facet's own
 * with each of its values. Positions are those of the snapshot's list (oldest first).
 */
export class SearchIndex {
  private readonly byFacet: IndexParts['byFacet'];
  private readonly words: Map<string, number[]>;
  private sortedWords: string[] | null = null;
  private readonly vocabulary: Vocabulary;
  private readonly bySize: Map<string, TypedFastBitSet>;
  private readonly inStock: TypedFastBitSet;
  private readonly priceCents: Int32Array;
  private readonly answers: Answers;
  private readonly codes: FacetCodes;
  private readonly counting: Counting;
  private readonly unions: IndexParts['unions'];
  private readonly models: IndexParts['models'];
  private readonly scratch: ScratchSets;
  private readonly orders = new Map<Exclude<ProductSort, 'newest'>, Uint32Array>();
  /** Price orders in a market, by its shelf prices: per sort and shelf scale (its key). */
  private shelfOrders = new Map<string, Uint32Array>();
  /** Per block of PRICE_BLOCK positions in price order, the set of all positions before it. */
  private cheaperThan: TypedFastBitSet[] | null = null;
  /** Each product's position by id, for the few an admin priced in a market. */
  private positions: Map<string, number> | null = null;

  private constructor(
    private readonly products: readonly Product[],
    shared: IndexParts,
  ) {
    this.byFacet = shared.byFacet;
    this.words = shared.words;
    this.sortedWords = shared.sortedWords;
    this.vocabulary = shared.vocabulary;
    this.bySize = shared.bySize;
    this.inStock = shared.inStock;
    this.priceCents = shared.priceCents;
    this.answers = shared.answers;
    this.codes = shared.codes;
    this.counting = shared.counting;
    this.unions = shared.unions;
    this.models = shared.models;
    this.scratch = shared.scratch;
  }

  /** `counting`: how facets are counted (the cheaper way unless a test forces one). */
  static build(products: readonly Product[], counting: Counting = 'cheaper'): SearchIndex {
    const byFacet = Object.fromEntries(
      FACETS.map((facet) => [facet, new Map()]),
    ) as IndexParts['byFacet'];
    const words = new Map<string, number[]>();
    const bySize = new Map<string, TypedFastBitSet>();
    const inStock = new TypedFastBitSet();
    const priceCents = new Int32Array(products.length);
    products.forEach((product, at) => {
      for (const facet of FACETS) {
        const value = facetValue(product, facet);
        if (value === null) continue;
        let set = byFacet[facet].get(value);
        if (!set) byFacet[facet].set(value, (set = new TypedFastBitSet()));
        set.add(at);
      }
      for (const word of new Set(searchWords(productSearchText(product)))) {
        const list = words.get(word);
        if (list) list.push(at);
        else words.set(word, [at]);
      }
      if (product.width !== null && product.aspect !== null && product.rim !== null) {
        const key = sizeKey(product as SizeOnly);
        let set = bySize.get(key);
        if (!set) bySize.set(key, (set = new TypedFastBitSet()));
        set.add(at);
      }
      if (canBeOrdered(product)) inStock.add(at);
      priceCents[at] = Math.round(product.price * 100);
    });
    return new SearchIndex(products, {
      byFacet,
      words,
      sortedWords: null,
      vocabulary: new Vocabulary(words),
      bySize,
      inStock,
      priceCents,
      answers: newAnswers(),
      codes: FacetCodes.build(products.length, byFacet),
      counting,
      unions: new Map(),
      models: { of: null },
      scratch: new ScratchSets(products.length),
    });
  }

  /**
   * The index of `next`, the same list with the products at `changed` replaced: stock and price
   * (every order changes a stock) updated in a copy. Null when a text or an attribute changed:
   * then the index is built again, when first needed.
   */
  derive(next: readonly Product[], changed: readonly number[]): SearchIndex | null {
    let inStock: TypedFastBitSet | null = null;
    let priceCents: Int32Array | null = null;
    for (const at of changed) {
      const before = this.products[at]!;
      const after = next[at]!;
      const sameText = before.name === after.name && before.description === after.description;
      if (!sameText || FACETS.some((f) => facetValue(before, f) !== facetValue(after, f))) {
        return null;
      }
      if (canBeOrdered(before) !== canBeOrdered(after)) {
        inStock ??= this.inStock.clone();
        if (canBeOrdered(after)) inStock.add(at);
        else inStock.remove(at);
      }
      if (before.price !== after.price) {
        priceCents ??= this.priceCents.slice();
        priceCents[at] = Math.round(after.price * 100);
      }
    }
    const derived = new SearchIndex(next, {
      byFacet: this.byFacet,
      words: this.words,
      sortedWords: this.sortedWords,
      vocabulary: this.vocabulary,
      bySize: this.bySize,
      inStock: inStock ?? this.inStock,
      priceCents: priceCents ?? this.priceCents,
      answers: inStock || priceCents ? newAnswers() : this.answers,
      codes: this.codes,
      counting: this.counting,
      unions: this.unions,
      models: this.models,
      scratch: this.scratch,
    });
    // Orders by name stay right while no name changed; orders by price while no price did.
    const name = this.orders.get('name');
    if (name) derived.orders.set('name', name);
    if (!priceCents) {
      for (const sort of ['price-asc', 'price-desc'] as const) {
        const order = this.orders.get(sort);
        if (order) derived.orders.set(sort, order);
      }
      derived.cheaperThan = this.cheaperThan;
      derived.shelfOrders = this.shelfOrders;
    }
    return derived;
  }

  /** A page of the products that pass `filter`, sorted, and the count of all of them. */
  search(filter: ProductFilter, sort: ProductSort, limit: number, offset: number): SearchHits {
    const key = `s${sort}:${limit}:${offset}:${keyOf(filter)}`;
    const known = this.answers.get(key) as SearchHits | undefined;
    if (known) return known;
    const hits = this.searchAfresh(filter, sort, limit, offset);
    this.answers.set(key, hits);
    return hits;
  }

  /**
   * The products that pass the filter, and the same in the tiers the list shows one after the
   * other: those with every word as typed before those found by a slip, a car's OE-approved
   * tyres before the rest.
   */
  private ranked(filter: ProductFilter): { matches: TypedFastBitSet; tiers: TypedFastBitSet[] } {
    const words = this.wordMatches(filter.text);
    const matches = this.intersect(this.parts(filter, words), undefined);
    const total = matches.size();
    // Products with every word as typed (or a synonym) first, then those found by a slip.
    const tiers = [matches];
    if (words.some((word) => word.forgiving.size() > word.exact.size())) {
      const exact = matches.clone();
      for (const word of words) exact.intersection(word.exact);
      if (exact.size() < total) {
        const slipped = matches.clone();
        slipped.difference(exact);
        tiers.splice(0, 1, exact, slipped);
      }
    }
    // For a car with OE approvals, the tyres with its marks come first (issue 50).
    const marked = this.union(filter.oeFirst.map((mark) => this.byFacet.oeMark.get(mark)));
    if (marked && !marked.isEmpty()) {
      const first = tiers.map((tier) => tier.new_intersection(marked));
      const rest = tiers.map((tier) => tier.new_difference(marked));
      tiers.splice(0, tiers.length, ...first, ...rest);
    }
    return { matches, tiers };
  }

  /**
   * Calls `visit` on the products of `set` in the order of `sort` until it answers true: by
   * price in the market of `shelf` (the shopper's, when not the spec's dollars).
   */
  private inOrder(
    set: TypedFastBitSet,
    sort: ProductSort,
    shelf: ShelfScale | null,
    visit: (at: number) => boolean,
  ) {
    if (sort === 'newest') {
      for (let at = this.products.length - 1; at >= 0; at -= 1) {
        if (set.has(at) && visit(at)) return;
      }
    } else {
      const order = shelf && sort !== 'name' ? this.shelfOrder(sort, shelf) : this.order(sort);
      for (const at of order) if (set.has(at) && visit(at)) return;
    }
  }

  private searchAfresh(
    filter: ProductFilter,
    sort: ProductSort,
    limit: number,
    offset: number,
  ): SearchHits {
    const { matches, tiers } = this.ranked(filter);
    const total = matches.size();
    const positions: number[] = [];
    if (offset >= total) return { positions, total };
    let skip = offset;
    for (const tier of tiers) {
      if (tier.isEmpty()) continue;
      let left = tier.size();
      if (skip >= left) {
        skip -= left;
        continue;
      }
      this.inOrder(tier, sort, filter.shelf, (at) => {
        left -= 1;
        if (skip > 0) skip -= 1;
        else positions.push(at);
        return positions.length >= limit || left === 0;
      });
      if (positions.length >= limit) break;
    }
    return { positions, total };
  }

  /** The positions in any of these sets; null when there are none. */
  private union(sets: ReadonlyArray<TypedFastBitSet | undefined>): TypedFastBitSet | null {
    let all: TypedFastBitSet | null = null;
    for (const set of sets) if (set) all = all ? all.new_union(set) : set.clone();
    return all;
  }

  /**
   * The counts of a filter panel (see the contract's ProductFacets): of products, or with
   * `models` (the index's `modelsOf`) of the models they are sizes of.
   */
  facets(filter: ProductFilter, models?: IndexModels): ProductFacets {
    const key = `f${models ? 'm' : 's'}${keyOf(filter)}`;
    const known = this.answers.get(key) as ProductFacets | undefined;
    if (known) return known;
    const facets = this.facetsAfresh(filter, models);
    this.answers.set(key, facets);
    return facets;
  }

  /**
   * Every facet not picked counts over the same products (those passing the whole filter): all
   * of them in one go. A picked facet counts over the products passing every other part.
   */
  private facetsAfresh(filter: ProductFilter, models?: IndexModels): ProductFacets {
    return this.scratch.lend((scratch) => this.facetsWith(scratch, filter, models));
  }

  /** facetsAfresh, its sets lent by `scratch`. */
  private facetsWith(
    scratch: ScratchSets,
    filter: ProductFilter,
    models?: IndexModels,
  ): ProductFacets {
    const words = this.wordMatches(filter.text);
    const parts = this.parts(filter, words, scratch);
    const matches = this.intersect(parts, undefined, scratch);
    const picked = FACETS.filter((facet) => parts.some((part) => part.facet === facet));
    const counts: FacetCounts = noCounts();
    const upTo: Partial<FacetCounts> = {};
    const count = (base: TypedFastBitSet, facets: readonly FacetName[]) =>
      models
        ? countModelsOver(base, facets, this.byFacet, models.numbers, counts, upTo)
        : countOver(base, facets, this.byFacet, this.codes, this.counting, counts);
    count(
      matches,
      FACETS.filter((facet) => !picked.includes(facet)),
    );
    for (const facet of picked) count(this.intersect(parts, facet, scratch), [facet]);
    return facetsOf(
      filter,
      counts,
      this.priceRange(this.intersect(parts, 'price', scratch), filter.shelf),
      matches.isEmpty() ? this.suggestion(filter.text, words) : null,
      upTo,
    );
  }

  /**
   * Each product's model, as `modelOf` tells it (every product of this list must have one):
   * worked out once for this list and the lists derived from it.
   */
  modelsOf(modelOf: (productId: string) => string): IndexModels {
    this.models.of ??= IndexModels.build(this.products, modelOf);
    return this.models.of;
  }

  /** The products' models if already worked out (then no lookup is needed). */
  get knownModels(): IndexModels | null {
    return this.models.of;
  }

  /**
   * A page of the models with a product that passes `filter`, each with those products, and
   * how many such models there are. Models come in the order of their first product in the
   * list of products `sort` gives (a model's cheapest matching size places it by price).
   */
  searchModels(
    filter: ProductFilter,
    sort: ProductSort,
    limit: number,
    offset: number,
    models: IndexModels,
  ): ModelHits {
    const key = `m${sort}:${limit}:${offset}:${keyOf(filter)}`;
    const known = this.answers.get(key) as ModelHits | undefined;
    if (known) return known;
    const { matches, tiers } = this.ranked(filter);
    const hits = models.page(matches, limit, offset, (visit) => {
      for (const tier of tiers) {
        let left = tier.size();
        let done = false;
        this.inOrder(tier, sort, filter.shelf, (at) => {
          left -= 1;
          done = visit(at);
          return done || left === 0;
        });
        if (done) return;
      }
    });
    this.answers.set(key, hits);
    return hits;
  }

  /**
   * "Did you mean": the search with each word that finds nothing at all replaced by the closest
   * word of the catalogue; null when every word finds something, or one has no close word.
   */
  private suggestion(text: SearchQuery, words: readonly WordMatch[]): string | null {
    let replaced = false;
    const suggested: string[] = [];
    for (const [i, typed] of text.words.entries()) {
      if (!words[i]!.forgiving.isEmpty()) {
        suggested.push(typed);
        continue;
      }
      const closest = this.vocabulary.closest(typed, suggestionEdits(typed));
      if (closest === null) return null;
      suggested.push(closest);
      replaced = true;
    }
    if (!replaced) return null;
    return [...(text.size ? [formatTyreSize(text.size)] : []), ...suggested].join(' ');
  }

  /** Each typed word's products, as typed and forgiving slips (searchTypos.ts). */
  private wordMatches(text: SearchQuery): WordMatch[] {
    return text.words.map((word, i) => {
      const last = i === text.words.length - 1;
      const exact = last ? this.startingWith(word) : this.withWord(word);
      for (const alike of text.alike[i] ?? []) exact.union(this.withWord(alike));
      const edits = typosAllowed(word);
      if (edits === 0) return { exact, forgiving: exact };
      const near = last
        ? this.vocabulary.startingNear(word, edits)
        : this.vocabulary.near(word, edits);
      const forgiving = exact.clone();
      for (const other of near) for (const at of this.words.get(other)!) forgiving.add(at);
      return { exact, forgiving };
    });
  }

  /**
   * The lowest and highest price of `matches`: in dollars, or in the market of `shelf` (its own
   * prices where an admin set them, else each end's dollar price converted: the conversion keeps
   * the order). Major units: every market's currency has cents.
   */
  private priceRange(
    matches: TypedFastBitSet,
    shelf: ShelfScale | null = null,
  ): ProductFacets['price'] {
    const converted = shelf ? matches.clone() : matches;
    const ends: number[] = [];
    if (shelf) {
      for (const [id, minor] of shelf.own) {
        const at = this.positionOf(id);
        if (at === undefined || !converted.has(at)) continue;
        converted.remove(at);
        ends.push(minor);
      }
    }
    if (!converted.isEmpty()) {
      const ascending = this.order('price-asc');
      let low = 0;
      while (!converted.has(ascending[low]!)) low += 1;
      let high = ascending.length - 1;
      while (!converted.has(ascending[high]!)) high -= 1;
      const cents = [this.priceCents[ascending[low]!]!, this.priceCents[ascending[high]!]!];
      ends.push(...(shelf ? cents.map(shelf.convert) : cents));
    }
    if (ends.length === 0) return null;
    return { min: Math.min(...ends) / 100, max: Math.max(...ends) / 100 };
  }

  /** A product's position in this list, by id (the map made on first use). */
  private positionOf(id: string): number | undefined {
    this.positions ??= new Map(this.products.map((product, at) => [product._id, at]));
    return this.positions.get(id);
  }

  /**
   * The products priced from `min` to `max` in the market of `shelf` (minor units; null: open):
   * those it converts, by their dollar prices (the conversion keeps the order), then those an
   * admin priced there, each by its own price.
   */
  private pricedIn(
    shelf: ShelfScale,
    min: number | null,
    max: number | null,
    scratch?: ScratchSets,
  ): TypedFastBitSet {
    const dollars = dollarRangeOf(shelf.convert, min, max);
    const inRange = dollars
      ? this.priced(dollars.min ?? -Infinity, dollars.max ?? Infinity, scratch)
      : new TypedFastBitSet();
    for (const [id, minor] of shelf.own) {
      const at = this.positionOf(id);
      if (at === undefined) continue;
      if ((min === null || minor >= min) && (max === null || minor <= max)) inRange.add(at);
      else inRange.remove(at);
    }
    return inRange;
  }

  /** `scratch`: lends the sets made for this filter (else they are new). */
  private parts(filter: ProductFilter, words: readonly WordMatch[], scratch?: ScratchSets): Part[] {
    const parts: Part[] = words.map((word) => ({ facet: null, positions: word.forgiving }));
    const { size } = filter.text;
    if (size) {
      const sizeSet = this.withValues('width', [size.width]);
      sizeSet.intersection(this.withValues('aspect', [size.aspect]));
      sizeSet.intersection(this.withValues('rim', [size.rim]));
      parts.push({ facet: null, positions: sizeSet });
    }
    if (filter.sizes) {
      const ofSizes = new TypedFastBitSet();
      for (const size of filter.sizes) {
        const set = this.bySize.get(sizeKey(size));
        if (set) ofSizes.union(set);
      }
      parts.push({ facet: null, positions: ofSizes });
    }
    for (const facet of FACETS) {
      const picked = valuesPicked(filter, facet);
      if (picked.length > 0) parts.push({ facet, positions: this.pickedOf(facet, picked) });
    }
    if (filter.minPriceCents !== null || filter.maxPriceCents !== null) {
      const inRange = filter.shelf
        ? this.pricedIn(filter.shelf, filter.minPriceCents, filter.maxPriceCents, scratch)
        : this.priced(filter.minPriceCents ?? -Infinity, filter.maxPriceCents ?? Infinity, scratch);
      parts.push({ facet: 'price', positions: inRange });
    }
    if (filter.inStock) parts.push({ facet: null, positions: this.inStock });
    return parts;
  }

  /**
   * Products priced from `min` to `max` cents. Found in the price order by binary search; the
   * set is then a kept set of every position before a block boundary, less another, and the
   * few positions between the boundaries and the ends: no walk over the whole catalogue.
   */
  private priced(min: number, max: number, scratch?: ScratchSets): TypedFastBitSet {
    const order = this.order('price-asc');
    const price = this.priceCents;
    const firstAtLeast = (cents: number) => {
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (price[order[middle]!]! < cents) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const from = firstAtLeast(min);
    const to = max === Infinity ? order.length : firstAtLeast(max + 1);
    if (from >= to) return new TypedFastBitSet();
    if (!this.cheaperThan) {
      const blocks: TypedFastBitSet[] = [new TypedFastBitSet()];
      const running = new TypedFastBitSet();
      for (let rank = 0; rank < order.length; rank += 1) {
        running.add(order[rank]!);
        if ((rank + 1) % PRICE_BLOCK === 0) blocks.push(running.clone());
      }
      this.cheaperThan = blocks;
    }
    const blocks = this.cheaperThan;
    const upper = Math.floor(to / PRICE_BLOCK);
    const lower = Math.floor(from / PRICE_BLOCK);
    const range = scratch ? scratch.copyOf(blocks[upper]!) : blocks[upper]!.clone();
    for (let rank = upper * PRICE_BLOCK; rank < to; rank += 1) range.add(order[rank]!);
    range.difference(blocks[lower]!);
    for (let rank = lower * PRICE_BLOCK; rank < from; rank += 1) range.remove(order[rank]!);
    return range;
  }

  /** The positions that pass every part but those of facet `except` (a set lent by `scratch`). */
  private intersect(
    parts: readonly Part[],
    except: Part['facet'] | undefined,
    scratch?: ScratchSets,
  ): TypedFastBitSet {
    let result: TypedFastBitSet | null = null;
    for (const part of parts) {
      if (except !== undefined && part.facet === except) continue;
      if (result) result.intersection(part.positions);
      else result = scratch ? scratch.copyOf(part.positions) : part.positions.clone();
    }
    if (result) return result;
    if (scratch) return scratch.range(0, this.products.length);
    const every = new TypedFastBitSet();
    every.addRange(0, this.products.length);
    return every;
  }

  /**
   * The products of any of a facet's picked values, kept: the same picks come again and again
   * ("B or better" is two sets' union each time). Read only, never changed in place.
   */
  private pickedOf(facet: FacetName, values: readonly FacetValue[]): TypedFastBitSet {
    if (values.length === 1) return this.byFacet[facet].get(values[0]!) ?? new TypedFastBitSet();
    const key = `${facet}:${[...values].sort().join(',')}`;
    let union = this.unions.get(key);
    if (!union) {
      if (this.unions.size >= UNIONS_KEPT) this.unions.clear();
      this.unions.set(key, (union = this.withValues(facet, values)));
    }
    return union;
  }

  private withValues(facet: FacetName, values: readonly FacetValue[]): TypedFastBitSet {
    const union = new TypedFastBitSet();
    for (const value of values) {
      const set = this.byFacet[facet].get(value);
      if (set) union.union(set);
    }
    return union;
  }

  private withWord(word: string): TypedFastBitSet {
    return new TypedFastBitSet(this.words.get(word) ?? []);
  }

  /** Products with a word that starts with `prefix`: the words are kept sorted to find them. */
  private startingWith(prefix: string): TypedFastBitSet {
    this.sortedWords ??= [...this.words.keys()].sort();
    const sorted = this.sortedWords;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const union = new TypedFastBitSet();
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) {
      for (const at of this.words.get(sorted[i]!)!) union.add(at);
    }
    return union;
  }

  /**
   * Positions by shelf price in the market of `shelf`, then dollar price, then newest first (as
   * the database orders them). The products it converts keep their dollar order (the conversion
   * never goes down as dollars go up), so the few an admin priced there, sorted apart, are
   * merged into it: one pass, kept per scale until a price changes.
   */
  private shelfOrder(sort: 'price-asc' | 'price-desc', shelf: ShelfScale): Uint32Array {
    const key = `${sort}:${shelf.key}`;
    const kept = this.shelfOrders.get(key);
    if (kept) return kept;
    const dollarOrder = this.order(sort);
    const own = new Map<number, number>();
    for (const [id, minor] of shelf.own) {
      const at = this.positionOf(id);
      if (at !== undefined) own.set(at, minor);
    }
    let order = dollarOrder;
    if (own.size > 0) {
      const sign = sort === 'price-asc' ? 1 : -1;
      const cents = this.priceCents;
      // Runs of equal dollar prices are common: each converted once.
      let lastCents = -1;
      let lastShelf = 0;
      const shelfPrice = (at: number) => {
        const minor = own.get(at);
        if (minor !== undefined) return minor;
        if (cents[at] !== lastCents) lastShelf = shelf.convert((lastCents = cents[at]!));
        return lastShelf;
      };
      /** Below zero when `a` comes before `b`. */
      const compare = (a: number, b: number) =>
        sign * (shelfPrice(a) - shelfPrice(b)) || sign * (cents[a]! - cents[b]!) || b - a;
      const owned = [...own.keys()].sort(compare);
      order = new Uint32Array(dollarOrder.length);
      let next = 0;
      let filled = 0;
      for (const at of dollarOrder) {
        if (own.has(at)) continue;
        while (next < owned.length && compare(owned[next]!, at) < 0)
          order[filled++] = owned[next++]!;
        order[filled++] = at;
      }
      while (next < owned.length) order[filled++] = owned[next++]!;
    }
    // A few markets, two sorts each: a scale that moved on leaves its orders behind.
    if (this.shelfOrders.size >= SHELF_ORDERS_KEPT) this.shelfOrders = new Map();
    this.shelfOrders.set(key, order);
    return order;
  }

  /** Positions in the order of `sort`; equal keys newest first, as the database orders them. */
  private order(sort: Exclude<ProductSort, 'newest'>): Uint32Array {
    let order = this.orders.get(sort);
    if (order) return order;
    order = new Uint32Array(this.products.length);
    for (let at = 0; at < order.length; at += 1) order[at] = order.length - 1 - at;
    if (sort === 'name') {
      const names = this.products.map((product) => product.name.toLowerCase());
      order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : b - a));
    } else {
      const sign = sort === 'price-asc' ? 1 : -1;
      const price = this.priceCents;
      order.sort((a, b) => sign * (price[a]! - price[b]!) || b - a);
    }
    this.orders.set(sort, order);
    return order;
  }
}
