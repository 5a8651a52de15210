CREATE TABLE "chat_messages" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_file_idx" ON "chat_messages" USING btree ("tenant_id","file_id","id");