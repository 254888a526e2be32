-- questionSearch by words (contract 15.2 point 1, docs/decisions.md "Search by the vocabulary"):
-- search_words is search_text's words, and search_word every word any question has held. A query's
-- word is first expanded in search_word (the words it starts, the whole words one letter
-- different), then its questions are found by search_words' GIN index, exactly, with no text read.
CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(btrim(search_text), ' ')) STORED;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "question_search_words_idx" ON "question" USING gin ("search_words");--> statement-breakpoint
-- The vocabulary follows every write of a question's words: one statement-level trigger per kind
-- of write, so that a bulk import adds its words in one insert. The words are sorted, so that two
-- transactions adding the same new words take their locks in one order and cannot deadlock.
CREATE FUNCTION "search_word_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (word)
    SELECT DISTINCT w FROM new_rows, unnest(new_rows.search_words) AS w ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update adds only the words of the rows whose text changed (reordering questions adds none).
CREATE FUNCTION "search_word_from_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (word)
    SELECT DISTINCT w
    FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id AND old_rows.search_text IS DISTINCT FROM new_rows.search_text,
      unnest(new_rows.search_words) AS w
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "question_search_word_insert" AFTER INSERT ON "question"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_word_from_new_rows"();--> statement-breakpoint
CREATE TRIGGER "question_search_word_update" AFTER UPDATE ON "question"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_word_from_changed_rows"();--> statement-breakpoint
INSERT INTO "search_word" ("word")
  SELECT DISTINCT w FROM "question", unnest("question"."search_words") AS w ORDER BY 1
  ON CONFLICT DO NOTHING;
