ALTER TABLE "images" ADD COLUMN "source_sha256" text;--> statement-breakpoint
CREATE INDEX "images_source_idx" ON "images" USING btree ("file_id","source_sha256");