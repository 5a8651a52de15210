CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "file_operations" (
	"tenant_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"file_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_operations_tenant_id_operation_id_pk" PRIMARY KEY("tenant_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"is_repository" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"content_size" integer DEFAULT 0 NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_version_at" timestamp with time zone,
	"tag_rank" smallint GENERATED ALWAYS AS (case metadata->>'authenticity' when 'Human' then 0 when 'AI-Assisted' then 1 when 'AI' then 2 else 3 end) STORED,
	"is_transcribing" boolean GENERATED ALWAYS AS (coalesce(metadata->>'isTranscribing' = 'true', false)) STORED,
	"is_listed" boolean GENERATED ALWAYS AS (not (coalesce(metadata->>'masterFileId', '') <> '' and coalesce(metadata->>'isMaster', 'false') <> 'true') and left(name, 14) <> '__UNASSIGNED__') STORED,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"revision" integer NOT NULL,
	"reason" text NOT NULL,
	"content" jsonb NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_operations_created_idx" ON "file_operations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_tenant_path_uq" ON "files" USING btree ("tenant_id","path");--> statement-breakpoint
CREATE INDEX "files_tenant_date_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_tenant_name_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"name_key","id");--> statement-breakpoint
CREATE INDEX "files_tenant_tag_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"tag_rank","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "file_versions_file_idx" ON "file_versions" USING btree ("tenant_id","file_id","created_at" DESC NULLS LAST);