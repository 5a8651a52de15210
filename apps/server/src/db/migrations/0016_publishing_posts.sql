CREATE TABLE "publishing_posts" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_posts_tenant_id_file_id_pk" PRIMARY KEY("tenant_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "publishing_posts" ADD CONSTRAINT "publishing_posts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_posts_category_slug_uq" ON "publishing_posts" USING btree ("category","slug");--> statement-breakpoint
CREATE INDEX "publishing_posts_published_idx" ON "publishing_posts" USING btree ("category","published_at" DESC NULLS LAST) WHERE status = 'published';