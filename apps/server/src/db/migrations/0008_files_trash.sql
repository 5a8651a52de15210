-- Trash (deleted_at) and the content timestamp (content_updated_at). Hand-ordered: the columns exist
-- before the voice search column that reads deleted_at is rebuilt; existing documents keep their date.
DROP INDEX "files_tenant_path_uq";--> statement-breakpoint
DROP INDEX "files_tenant_date_idx";--> statement-breakpoint
DROP INDEX "files_tenant_name_idx";--> statement-breakpoint
DROP INDEX "files_tenant_tag_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "files" SET "content_updated_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "files" drop column "voice_terms";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "voice_terms" "tsvector" GENERATED ALWAYS AS (case when (is_repository or metadata->>'authenticity' = 'Human')
  and coalesce(metadata->>'authenticity', '') not in ('AI', 'AI-Assisted')
  and length(content_text) > 0
  and deleted_at is null then to_tsvector('english', left(content_text, 100000)) end) STORED;--> statement-breakpoint
CREATE INDEX "files_voice_terms_idx" ON "files" USING gin ("voice_terms") WHERE "files"."voice_terms" is not null;--> statement-breakpoint
CREATE INDEX "files_trash_idx" ON "files" USING btree ("tenant_id","deleted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "files_tenant_path_uq" ON "files" USING btree ("tenant_id","path") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "files_tenant_date_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"content_updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "files_tenant_name_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"name_key","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "files_tenant_tag_idx" ON "files" USING btree ("tenant_id","is_transcribing" DESC NULLS LAST,"tag_rank","content_updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;
