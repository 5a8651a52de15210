ALTER TABLE "files" ADD COLUMN "last_write_source" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "source" text;