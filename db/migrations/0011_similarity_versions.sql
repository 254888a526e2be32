ALTER TABLE "question" ADD COLUMN "similarity_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "similarity_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "question_similarity_xid_idx" ON "question" USING btree ("similarity_xid");--> statement-breakpoint
-- A write of a question's text, or its move to another exam, is marked with its transaction and
-- a version one higher, whichever code path makes it: the similarity indexes in the app's memory
-- (server/data/similarity-index-store.ts) read what changed since their horizon by the first and
-- keep the newest of two reads by the second. Other updates (position, domain, tags) leave both.
CREATE FUNCTION "question_similarity_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.similarity_xid := pg_current_xact_id()::text::bigint;
  NEW.similarity_version := OLD.similarity_version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "question_similarity_written" BEFORE UPDATE ON "question" FOR EACH ROW
  WHEN (OLD.similarity_text IS DISTINCT FROM NEW.similarity_text OR OLD.exam_id IS DISTINCT FROM NEW.exam_id)
  EXECUTE FUNCTION "question_similarity_written"();
