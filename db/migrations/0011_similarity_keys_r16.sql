-- The similarity keys are now 82 bands of 16 minimums (server/domain/similarity-keys.ts), not 30
-- of 8: the stored ones are cleared, and the app's startup backfill (server/data/search-text.ts,
-- backfillSimilarityKeys) computes them again from similarity_text, as after migration 0008.
-- Until it has, a look-up misses the questions it has not reached yet.
UPDATE "question" SET "similarity_keys" = '{}'::integer[] WHERE "similarity_keys" <> '{}'::integer[];
