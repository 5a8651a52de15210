CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "images_tenant_idx" ON "images" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "images_file_idx" ON "images" USING btree ("file_id");