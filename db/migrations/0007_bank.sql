-- pg_trgm: questionSearch's word and typo matching and near duplicates (contract 15.2); fuzzystrmatch:
-- levenshtein() for "one letter different". Both are trusted extensions of PostgreSQL 13 and later,
-- and PGlite loads them (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "exam_domain" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "domain_id" integer;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "copied_from_question_id" integer;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "copied_from_exam_id" integer;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "copied_from_version" integer;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "similarity_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_domain" ADD CONSTRAINT "exam_domain_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_domain_exam_idx" ON "exam_domain" USING btree ("exam_id","position");--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_domain_id_exam_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."exam_domain"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_domain_idx" ON "question" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "question_copied_from_idx" ON "question" USING btree ("copied_from_question_id");--> statement-breakpoint
CREATE INDEX "question_search_trgm_idx" ON "question" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "question_similarity_trgm_idx" ON "question" USING gin ("similarity_text" gin_trgm_ops);