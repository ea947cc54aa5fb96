import { distance } from 'fastest-levenshtein';

/**
 * How far a typed word may be from a catalogue word and still find it: the rules the in-memory
 * index and the database search (PostgreSQL's fuzzystrmatch `levenshtein`) share. Distances are
 * Levenshtein's: one letter wrong, missing or extra is one edit.
 */

/** A word with a digit is a size, a load index, an item number: one digit off is another. */
export const hasDigit = (word: string): boolean => /[0-9]/.test(word);

/** Longer typed words are not forgiven: nobody mistypes 33 letters, and it bounds the work. */
export const LONGEST_FORGIVEN = 32;

/** Edits forgiven in a typed word: none under 5 letters, one up to 8, two from 9 on. */
export function typosAllowed(word: string): number {
  if (hasDigit(word) || word.length > LONGEST_FORGIVEN) return 0;
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** Whether catalogue word `candidate` is `typed` with at most `edits` slips. */
export function withinEdits(candidate: string, typed: string, edits: number): boolean {
  if (hasDigit(candidate) || Math.abs(candidate.length - typed.length) > edits) return false;
  return distance(candidate, typed) <= edits;
}

/**
 * The prefix lengths compared when the last typed word is the start of a word (`bater` for
 * `battery`): a prefix longer or shorter by more than `edits` is further than `edits` away.
 */
export function prefixLengths(typed: string, edits: number): number[] {
  const lengths: number[] = [];
  for (let n = Math.max(1, typed.length - edits); n <= typed.length + edits; n += 1) {
    lengths.push(n);
  }
  return lengths;
}

/** Edits a "Did you mean" suggestion may make: one more than a search forgives by itself. */
export function suggestionEdits(word: string): number {
  if (hasDigit(word) || word.length > LONGEST_FORGIVEN) return 0;
  return word.length < 4 ? 1 : word.length < 9 ? 2 : 3;
}
