ALTER TABLE "audit_log" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "case_study" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "case_study" ADD COLUMN "version_by" text;--> statement-breakpoint
ALTER TABLE "case_study" ADD COLUMN "version_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "version_by" text;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "version_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "version_by" text;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "version_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "case_study" ADD CONSTRAINT "case_study_version_by_user_id_fk" FOREIGN KEY ("version_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_version_by_user_id_fk" FOREIGN KEY ("version_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_version_by_user_id_fk" FOREIGN KEY ("version_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing objects start at version 1, written by their exam's owner when they were last updated.
UPDATE "exam" SET "version_by" = "owner_id", "version_at" = "updated_at";--> statement-breakpoint
UPDATE "question" SET "version_by" = "exam"."owner_id", "version_at" = "question"."updated_at" FROM "exam" WHERE "exam"."id" = "question"."exam_id";--> statement-breakpoint
UPDATE "case_study" SET "version_by" = "exam"."owner_id", "version_at" = "case_study"."updated_at" FROM "exam" WHERE "exam"."id" = "case_study"."exam_id";
