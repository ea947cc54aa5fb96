import { Type, type Static } from '@sinclair/typebox';

/**
 * Words a search takes for one another, in groups: a search for any word of a group also finds
 * the products with the others (tyre and tire, rim and wheel). Words are compared as the search
 * compares them: lower case, without accents; each is one word.
 */
export const SearchSynonyms = Type.Object(
  {
    groups: Type.Array(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 2, maxItems: 20 }),
      { maxItems: 1000, description: 'Each group: two or more words taken for one another' },
    ),
  },
  { $id: 'SearchSynonyms', additionalProperties: false },
);
export type SearchSynonyms = Static<typeof SearchSynonyms>;
