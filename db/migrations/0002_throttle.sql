CREATE TABLE "throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "throttle_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "throttle_last_at_idx" ON "throttle" USING btree ("last_at");