CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"period" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"file_id" text,
	"tier" text NOT NULL,
	"calls" integer NOT NULL,
	"tokens" integer NOT NULL,
	"voice_minutes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 6) NOT NULL,
	"payg" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_events_tenant_period_idx" ON "usage_events" USING btree ("tenant_id","period");