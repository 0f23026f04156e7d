ALTER TABLE "credit_entries" RENAME COLUMN "amount" TO "amount_cents";--> statement-breakpoint
ALTER TABLE "job_rates" RENAME COLUMN "credits_per_minute" TO "cents_per_minute";--> statement-breakpoint
ALTER TABLE "jobs" RENAME COLUMN "cost" TO "cost_cents";--> statement-breakpoint
ALTER TABLE "recharge_plans" RENAME COLUMN "credit_value" TO "credit_value_cents";--> statement-breakpoint
ALTER TABLE "recharge_plans" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_amount_nonzero";--> statement-breakpoint
ALTER TABLE "job_rates" DROP CONSTRAINT "job_rates_rate_positive";--> statement-breakpoint
ALTER TABLE "recharge_plans" DROP CONSTRAINT "recharge_plans_credit_positive";--> statement-breakpoint
-- Money becomes whole cents (hundredths of a credit or of the currency). Written by hand: drizzle-kit
-- renamed the columns but wrote no type change. numeric(p,2) times 100 is a whole number, so the cast
-- is exact for every existing row.
ALTER TABLE "credit_entries" ALTER COLUMN "amount_cents" SET DATA TYPE bigint USING ("amount_cents" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "job_rates" ALTER COLUMN "cents_per_minute" SET DATA TYPE integer USING ("cents_per_minute" * 100)::integer;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "cost_cents" SET DATA TYPE bigint USING ("cost_cents" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "recharge_plans" ALTER COLUMN "credit_value_cents" SET DATA TYPE bigint USING ("credit_value_cents" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "recharge_plans" ALTER COLUMN "price_cents" SET DATA TYPE bigint USING ("price_cents" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "external_reference" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "client_request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_user_client_request_unique" ON "jobs" USING btree ("user_id","client_request_id");--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_external_reference_unique" UNIQUE("external_reference");--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_amount_nonzero" CHECK ("credit_entries"."amount_cents" <> 0);--> statement-breakpoint
ALTER TABLE "job_rates" ADD CONSTRAINT "job_rates_rate_positive" CHECK ("job_rates"."cents_per_minute" > 0);--> statement-breakpoint
ALTER TABLE "recharge_plans" ADD CONSTRAINT "recharge_plans_credit_positive" CHECK ("recharge_plans"."credit_value_cents" > 0);