CREATE TABLE "suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"author_tenant_id" text NOT NULL,
	"block_id" text NOT NULL,
	"base_text" text NOT NULL,
	"proposed_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_block_author_idx" ON "suggestions" USING btree ("file_id","block_id","author_tenant_id");--> statement-breakpoint
CREATE INDEX "suggestions_tenant_idx" ON "suggestions" USING btree ("tenant_id");