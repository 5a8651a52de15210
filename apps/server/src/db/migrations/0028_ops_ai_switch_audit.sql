CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_tenant_id" text NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_switch" (
	"id" text PRIMARY KEY NOT NULL,
	"assistant_off" boolean DEFAULT false NOT NULL,
	"premium_off" boolean DEFAULT false NOT NULL,
	"dictation_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log" USING btree ("at");