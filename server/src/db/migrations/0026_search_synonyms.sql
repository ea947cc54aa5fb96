-- Words a shopper may type for one another (tyre and tire, rim and wheel): each row a word and
-- the group it belongs to; a search for one word of a group finds the products with any of them.
-- Words are stored as the search compares them (lower case, no accents: catalog/searchWords.ts).
-- Admins replace the list by PUT /api/search/synonyms. fuzzystrmatch gives the database search
-- the same edit distance (levenshtein) as the API's index, for words typed with a slip.
-- Owner: server/src/catalog/searchSynonyms.ts.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_synonyms" (
  "word" text PRIMARY KEY,
  "group_no" integer NOT NULL,
  CONSTRAINT "search_synonyms_one_word" CHECK ("word" ~ '^[^ ]+$')
);
--> statement-breakpoint
INSERT INTO "search_synonyms" ("word", "group_no") VALUES
  ('tyre', 1), ('tire', 1),
  ('tyres', 2), ('tires', 2),
  ('rim', 3), ('wheel', 3),
  ('rims', 4), ('wheels', 4),
  ('allseason', 5), ('4season', 5), ('allweather', 5),
  ('winter', 6), ('snow', 6),
  ('battery', 7), ('accumulator', 7)
ON CONFLICT DO NOTHING;
