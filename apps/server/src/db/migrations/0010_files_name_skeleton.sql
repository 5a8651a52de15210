ALTER TABLE "files" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE INDEX "files_tenant_skeleton_idx" ON "files" USING btree ("tenant_id","name_skeleton") WHERE deleted_at is null;