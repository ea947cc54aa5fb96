import { markSearchText, type TyreMarks } from '../../../contract/tyreMarks';
import { findTyreSize, type TyreSize } from '../../../contract/tyreSize';

/** Letters that Unicode does not decompose into a base letter and an accent. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

/**
 * The words of a text as the search compares them: lower case, accents dropped (`Pneumático`
 * is `pneumatico`), split at everything that is not a letter or a digit (`205/55`, `all-season`
 * are two words each).
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđı]/g, (letter) => FOLDED[letter] ?? letter)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The text a product is found by: its name, description and sidewall marks. */
export const productSearchText = (p: { name: string; description: string; marks: TyreMarks }) =>
  `${p.name} ${p.description} ${markSearchText(p.marks)}`;

/**
 * The `search_words` column: each word once, a space at each end, so `like '% word %'` works;
 * the words of the name, the description and the marks (searchIndex.ts reads the same).
 */
export function searchWordsColumn(name: string, description: string, marks: TyreMarks): string {
  const words = new Set(searchWords(productSearchText({ name, description, marks })));
  return words.size === 0 ? '' : ` ${[...words].join(' ')} `;
}

/** What a shopper typed: a tyre size, if one was typed, and the other words. */
export interface SearchQuery {
  size: Pick<TyreSize, 'width' | 'aspect' | 'rim'> | null;
  /** Each must be a word of the product's name or description; the last may be a prefix. */
  words: string[];
  /**
   * Per word, the words taken for it (its synonyms, searchSynonyms.ts), each matched whole;
   * empty lists until the route adds them.
   */
  alike: string[][];
}

export function parseSearchQuery(text: string): SearchQuery {
  const found = findTyreSize(text);
  if (!found) return withAlike(null, searchWords(text));
  // The load index and rating after the size stay words: `91v` is a word of `... R16 91V`.
  const rest = `${text.slice(0, found.start)} ${text.slice(found.end)}`;
  return withAlike({ width: found.width, aspect: found.aspect, rim: found.rim }, searchWords(rest));
}

const withAlike = (size: SearchQuery['size'], words: string[]): SearchQuery => ({
  size,
  words,
  alike: words.map(() => []),
});
