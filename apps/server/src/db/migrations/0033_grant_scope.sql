ALTER TABLE "document_grants" ADD COLUMN "scope" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_invitations" ADD COLUMN "scope" text DEFAULT 'document' NOT NULL;