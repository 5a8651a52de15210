CREATE TABLE "document_grants" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"grantee_tenant_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_grants_file_id_grantee_tenant_id_pk" PRIMARY KEY("file_id","grantee_tenant_id")
);
--> statement-breakpoint
CREATE TABLE "document_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_grants" ADD CONSTRAINT "document_grants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_invitations" ADD CONSTRAINT "document_invitations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_grants_grantee_idx" ON "document_grants" USING btree ("grantee_tenant_id");--> statement-breakpoint
CREATE INDEX "document_invitations_file_idx" ON "document_invitations" USING btree ("file_id");