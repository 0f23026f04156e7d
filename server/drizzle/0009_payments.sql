CREATE TABLE "payment_requests" (
	"user_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_user_id_request_key_pk" PRIMARY KEY("user_id","request_key")
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "paid_cents" bigint;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "paid_currency" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;