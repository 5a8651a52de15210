CREATE TABLE "workspace_variants" (
	"file_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"master_file_id" text NOT NULL,
	"variant_type" text NOT NULL,
	"label" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"tier" text,
	"master_revision" integer NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"operation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"master_file_id" text NOT NULL,
	"workspace_type" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_variants" ADD CONSTRAINT "workspace_variants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_variants" ADD CONSTRAINT "workspace_variants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_master_file_id_files_id_fk" FOREIGN KEY ("master_file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_variants_master_idx" ON "workspace_variants" USING btree ("tenant_id","master_file_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_master_uq" ON "workspaces" USING btree ("tenant_id","master_file_id");