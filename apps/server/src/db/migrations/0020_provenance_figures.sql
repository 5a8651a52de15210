ALTER TABLE "files" ADD COLUMN "editor_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text_chars" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "ai_chars" integer;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "editor_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "text_chars" integer;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "ai_chars" integer;