ALTER TABLE "exam" DROP COLUMN "testing_questions";--> statement-breakpoint
ALTER TABLE "exam" DROP COLUMN "testing_time";