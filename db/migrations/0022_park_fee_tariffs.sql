CREATE TABLE "park_fee_tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fee" text NOT NULL,
	"park" text,
	"residency" text NOT NULL,
	"age_band" text DEFAULT 'adult' NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"carried_over" boolean DEFAULT false NOT NULL,
	"note" text,
	"updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "park_fee_tariffs_fee_check" CHECK (fee in ('gorilla_tracking', 'gorilla_habituation', 'chimpanzee_tracking', 'park_entry')),
	CONSTRAINT "park_fee_tariffs_residency_check" CHECK (residency in ('foreign_non_resident', 'foreign_resident', 'rest_of_africa', 'east_african_citizen')),
	CONSTRAINT "park_fee_tariffs_age_band_check" CHECK (age_band in ('adult', 'child')),
	CONSTRAINT "park_fee_tariffs_currency_check" CHECK ("park_fee_tariffs"."currency" in ('USD', 'UGX')),
	CONSTRAINT "park_fee_tariffs_amount_check" CHECK ("park_fee_tariffs"."amount_minor" > 0),
	CONSTRAINT "park_fee_tariffs_dates_check" CHECK ("park_fee_tariffs"."effective_to" is null or "park_fee_tariffs"."effective_to" >= "park_fee_tariffs"."effective_from")
);
--> statement-breakpoint
CREATE INDEX "park_fee_tariffs_lookup_idx" ON "park_fee_tariffs" USING btree ("fee","residency","age_band","effective_from");