import { distance } from 'fastest-levenshtein';
import { hasDigit, prefixLengths, withinEdits } from './searchTypos';

/**
 * The catalogue's words of letters, arranged to find those a few slips from a typed word
 * (searchTypos.ts): by length, and by their first n letters. Built on the first search with a
 * slip; words with digits never take part.
 */
export class Vocabulary {
  private byLength: Map<number, string[]> | null = null;
  private readonly byStart = new Map<number, Map<string, string[]>>();

  /** `words`: each word and the positions of the products that have it. */
  constructor(private readonly words: ReadonlyMap<string, readonly number[]>) {}

  private lengths(): Map<number, string[]> {
    if (this.byLength) return this.byLength;
    const byLength = new Map<number, string[]>();
    for (const word of this.words.keys()) {
      if (hasDigit(word)) continue;
      const list = byLength.get(word.length);
      if (list) list.push(word);
      else byLength.set(word.length, [word]);
    }
    return (this.byLength = byLength);
  }

  /** Words by their first `n` letters (a shorter word under all of itself). */
  private starts(n: number): Map<string, string[]> {
    let starts = this.byStart.get(n);
    if (starts) return starts;
    starts = new Map();
    for (const list of this.lengths().values()) {
      for (const word of list) {
        const start = word.slice(0, n);
        const same = starts.get(start);
        if (same) same.push(word);
        else starts.set(start, [word]);
      }
    }
    this.byStart.set(n, starts);
    return starts;
  }

  /** Words at most `edits` slips from `typed`. */
  near(typed: string, edits: number): string[] {
    const found: string[] = [];
    for (let n = typed.length - edits; n <= typed.length + edits; n += 1) {
      for (const word of this.lengths().get(n) ?? []) {
        if (withinEdits(word, typed, edits)) found.push(word);
      }
    }
    return found;
  }

  /** Words that start with `typed` give or take `edits` slips (`bater` for `battery`). */
  startingNear(typed: string, edits: number): string[] {
    const found = new Set<string>();
    for (const n of prefixLengths(typed, edits)) {
      for (const [start, words] of this.starts(n)) {
        if (withinEdits(start, typed, edits)) for (const word of words) found.add(word);
      }
    }
    return [...found];
  }

  /**
   * The word closest to `typed` within `edits`: the fewest slips, then the most products, then
   * the first in code-point order (as the database sorts it, `collate "C"`).
   */
  closest(typed: string, edits: number): string | null {
    let best: { word: string; slips: number; products: number } | null = null;
    for (let n = typed.length - edits; n <= typed.length + edits; n += 1) {
      for (const word of this.lengths().get(n) ?? []) {
        const slips = distance(word, typed);
        if (slips > edits) continue;
        const products = this.words.get(word)!.length;
        const better =
          !best ||
          slips < best.slips ||
          (slips === best.slips &&
            (products > best.products || (products === best.products && word < best.word)));
        if (better) best = { word, slips, products };
      }
    }
    return best?.word ?? null;
  }
}
