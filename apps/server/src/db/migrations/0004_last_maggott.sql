ALTER TABLE "files" ADD COLUMN "voice_terms" "tsvector" GENERATED ALWAYS AS (case when (is_repository or metadata->>'authenticity' = 'Human')
  and coalesce(metadata->>'authenticity', '') not in ('AI', 'AI-Assisted')
  and length(content_text) > 0 then to_tsvector('english', left(content_text, 100000)) end) STORED;--> statement-breakpoint
CREATE INDEX "files_voice_terms_idx" ON "files" USING gin ("voice_terms") WHERE "files"."voice_terms" is not null;