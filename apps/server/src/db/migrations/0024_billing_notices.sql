CREATE TABLE "billing_notices" (
	"tenant_id" text NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_tenant_id_period_kind_pk" PRIMARY KEY("tenant_id","period","kind")
);
