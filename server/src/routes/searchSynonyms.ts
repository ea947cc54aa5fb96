import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { readSynonymGroups, replaceSynonymGroups, sortedGroups } from '../catalog/searchSynonyms';
import { searchWords } from '../catalog/searchWords';
import { refusals } from '../refusals';
import { SearchSynonyms } from '../schemas/searchSynonyms';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';

const words = refusals.synonyms;

/** The groups as the search compares words, or a refusal naming the word at fault. */
export function foldedGroups(groups: readonly (readonly string[])[]): string[][] {
  const seen = new Set<string>();
  return groups.map((group) => {
    const folded = new Set<string>();
    for (const typed of group) {
      const parts = searchWords(typed);
      if (parts.length === 0) throw new HttpError(400, words.noWord(typed), 'groups');
      if (parts.length > 1) {
        throw new HttpError(400, words.oneWord(typed, parts.join('')), 'groups');
      }
      const word = parts[0]!;
      if (seen.has(word) && !folded.has(word))
        throw new HttpError(400, words.twice(word), 'groups');
      seen.add(word);
      folded.add(word);
    }
    if (folded.size < 2) throw new HttpError(400, words.alone([...folded][0]!), 'groups');
    return [...folded];
  });
}

/** The search's synonyms (admins): read them, or replace them all. */
export const searchSynonymRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
}> = async (app, { db, guards, catalog }) => {
  app.get(
    '/search/synonyms',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'getSearchSynonyms',
        summary: 'The words the shop search takes for one another (admins)',
        tags: ['products'],
        security: signedIn,
        response: { 200: SearchSynonyms, ...failures(401, 403) },
      },
    },
    async () => ({ groups: await readSynonymGroups(db) }),
  );

  app.put(
    '/search/synonyms',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'replaceSearchSynonyms',
        summary:
          'Replace the words the shop search takes for one another (admins): every group, ' +
          'as GET gave them with yours added',
        tags: ['products'],
        security: signedIn,
        body: withExample(SearchSynonyms, {
          groups: [
            ['tyre', 'tire'],
            ['rim', 'wheel'],
            ['winter', 'snow'],
          ],
        }),
        response: { 200: SearchSynonyms, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const groups = foldedGroups(request.body.groups);
      await replaceSynonymGroups(db, groups, identityOf(request));
      // This process searches with them at once; the others hear the catalogue's channel.
      catalog.invalidate();
      return { groups: sortedGroups(groups) };
    },
  );
};
