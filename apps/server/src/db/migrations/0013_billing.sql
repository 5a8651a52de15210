CREATE TABLE "billing_accounts" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"free_allocated_at" timestamp with time zone,
	"free_allocated_by" text,
	"stripe_customer_id" text,
	"subscription_id" text,
	"subscription_status" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_failed_at" timestamp with time zone,
	"invoice_paid_at" timestamp with time zone,
	"last_invoice_id" text,
	"spending_limit" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_periods" ADD COLUMN "payg_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_periods" ADD COLUMN "payg_reported_calls" integer DEFAULT 0 NOT NULL;