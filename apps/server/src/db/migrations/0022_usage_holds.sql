CREATE TABLE "usage_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"tenant_id" text NOT NULL,
	"period" text NOT NULL,
	"tier" text NOT NULL,
	"dollars" numeric(14, 6) DEFAULT '0' NOT NULL,
	"payg" boolean DEFAULT false NOT NULL,
	"voice_minutes" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_holds_held_until_idx" ON "usage_holds" USING btree ("held_until");