CREATE TABLE "voice_profiles" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"stats" jsonb,
	"style_guide" text DEFAULT '' NOT NULL,
	"user_notes" text DEFAULT '' NOT NULL,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"sample_words" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analyzed_at" timestamp with time zone
);
