CREATE TABLE "ugx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ugx_per_usd" numeric(12, 2) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"set_by_user_id" uuid,
	"set_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ugx_rates_rate_check" CHECK ("ugx_rates"."ugx_per_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "usd_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "usd_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_id" uuid;--> statement-breakpoint
ALTER TABLE "ugx_rates" ADD CONSTRAINT "ugx_rates_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ugx_rates_effective_idx" ON "ugx_rates" USING btree ("effective_from","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rate_id_ugx_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."ugx_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_usd_equivalent_check" CHECK ("payments"."currency" = 'USD' or ("payments"."usd_minor" > 0 and "payments"."usd_rate" > 0));