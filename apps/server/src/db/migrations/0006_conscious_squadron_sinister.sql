CREATE TABLE "request_replays" (
	"tenant_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"route" text NOT NULL,
	"claim" text NOT NULL,
	"lease_until" timestamp with time zone,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_replays_tenant_id_operation_id_pk" PRIMARY KEY("tenant_id","operation_id")
);
--> statement-breakpoint
CREATE INDEX "request_replays_created_idx" ON "request_replays" USING btree ("created_at");