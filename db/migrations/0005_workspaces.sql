CREATE TABLE "invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp (3) with time zone,
	"withdrawn_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"workspace_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspace" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"personal_of" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every person gets their own workspace, which they own; every exam and token moves into its
-- owner's (contract 14.1.1, 14.1.4): write scope, so existing tokens keep what they could do.
INSERT INTO "workspace" ("name", "personal_of", "created_at") SELECT CASE WHEN btrim("name") <> '' THEN btrim("name") ELSE "email" END || ' (personal)', "id", "created_at" FROM "user" ORDER BY "created_at", "id";
--> statement-breakpoint
INSERT INTO "membership" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "personal_of", 'owner', "created_at" FROM "workspace" WHERE "personal_of" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_token" ADD COLUMN "workspace_id" integer;
--> statement-breakpoint
ALTER TABLE "api_token" ADD COLUMN "scope" text DEFAULT 'write' NOT NULL;
--> statement-breakpoint
UPDATE "api_token" SET "workspace_id" = "workspace"."id" FROM "workspace" WHERE "workspace"."personal_of" = "api_token"."user_id";
--> statement-breakpoint
ALTER TABLE "api_token" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "workspace_id" integer;
--> statement-breakpoint
UPDATE "exam" SET "workspace_id" = "workspace"."id" FROM "workspace" WHERE "workspace"."personal_of" = "exam"."owner_id";
--> statement-breakpoint
ALTER TABLE "exam" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace" ADD CONSTRAINT "workspace_personal_of_user_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_token_idx" ON "invitation" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "invitation_workspace_idx" ON "invitation" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "membership_user_idx" ON "membership" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_personal_idx" ON "workspace" USING btree ("personal_of");
--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "exam_workspace_updated_idx" ON "exam" USING btree ("workspace_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);
