import { TypedFastBitSet } from 'typedfastbitset';

/**
 * Sets of positions of one catalogue's size, lent to one synchronous computation (a panel's
 * counts) and taken back as a whole at its end. A set of 100,000 positions is 12.5 KB outside
 * the JavaScript heap: allocating several per search made the collector run every few dozen
 * searches (for "external memory pressure"), which cost more than the counting itself.
 */
export class ScratchSets {
  private readonly free: Uint32Array[] = [];
  private readonly lent: Uint32Array[] = [];
  private readonly words: number;

  constructor(positions: number) {
    // One word to spare: a range up to the last position never grows the set.
    this.words = Math.floor(positions / 32) + 1;
  }

  /** Runs `work` with sets lent from here; none of them may outlive it. */
  lend<T>(work: (scratch: ScratchSets) => T): T {
    const depth = this.lent.length;
    try {
      return work(this);
    } finally {
      while (this.lent.length > depth) this.free.push(this.lent.pop()!);
    }
  }

  /** A copy of `set` (positions past the catalogue's size are never in a set). */
  copyOf(set: TypedFastBitSet): TypedFastBitSet {
    const words = this.take();
    const source = set.words;
    if (source.length >= words.length) words.set(source.subarray(0, words.length));
    else {
      words.set(source);
      words.fill(0, source.length);
    }
    return TypedFastBitSet.fromWords(words);
  }

  /** A set of every position from `from` to `to` (exclusive). */
  range(from: number, to: number): TypedFastBitSet {
    const words = this.take();
    words.fill(0);
    const set = TypedFastBitSet.fromWords(words);
    set.addRange(from, to);
    return set;
  }

  private take(): Uint32Array {
    const words = this.free.pop() ?? new Uint32Array(this.words);
    this.lent.push(words);
    return words;
  }
}
