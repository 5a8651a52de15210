CREATE TABLE "ai_file_providers" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_file_providers_tenant_id_file_id_pk" PRIMARY KEY("tenant_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "ai_tenant_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"default_provider" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_responses" (
	"tenant_id" text NOT NULL,
	"document_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"operation_type" text NOT NULL,
	"response" jsonb NOT NULL,
	"original_context" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_responses_tenant_id_operation_id_pk" PRIMARY KEY("tenant_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "usage_periods" (
	"tenant_id" text NOT NULL,
	"period" text NOT NULL,
	"fast_calls" integer DEFAULT 0 NOT NULL,
	"premium_calls" integer DEFAULT 0 NOT NULL,
	"fast_tokens" integer DEFAULT 0 NOT NULL,
	"premium_tokens" integer DEFAULT 0 NOT NULL,
	"voice_minutes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 6) DEFAULT '0' NOT NULL,
	"reserved" numeric(14, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_periods_tenant_id_period_pk" PRIMARY KEY("tenant_id","period")
);
--> statement-breakpoint
ALTER TABLE "ai_file_providers" ADD CONSTRAINT "ai_file_providers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_responses" ADD CONSTRAINT "background_responses_document_id_files_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_responses_document_idx" ON "background_responses" USING btree ("tenant_id","document_id","created_at");