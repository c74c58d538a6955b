CREATE TABLE "booking_park_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"traveller" integer NOT NULL,
	"fee" text NOT NULL,
	"park" text NOT NULL,
	"residency" text NOT NULL,
	"residency_given" boolean NOT NULL,
	"age_band" text NOT NULL,
	"visit_date" date NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"usd_minor" bigint NOT NULL,
	"usd_rate" numeric(12, 2),
	"rate_id" uuid,
	"tariff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_park_fees_fee_check" CHECK (fee in ('gorilla_tracking', 'gorilla_habituation', 'chimpanzee_tracking', 'park_entry')),
	CONSTRAINT "booking_park_fees_residency_check" CHECK (residency in ('foreign_non_resident', 'foreign_resident', 'rest_of_africa', 'east_african_citizen')),
	CONSTRAINT "booking_park_fees_age_band_check" CHECK (age_band in ('adult', 'child')),
	CONSTRAINT "booking_park_fees_currency_check" CHECK ("booking_park_fees"."currency" in ('USD', 'UGX')),
	CONSTRAINT "booking_park_fees_amount_check" CHECK ("booking_park_fees"."amount_minor" > 0 and "booking_park_fees"."usd_minor" > 0),
	CONSTRAINT "booking_park_fees_traveller_check" CHECK ("booking_park_fees"."traveller" between 1 and 50),
	CONSTRAINT "booking_park_fees_rate_check" CHECK ("booking_park_fees"."currency" = 'USD' or ("booking_park_fees"."usd_rate" > 0 and "booking_park_fees"."rate_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "booking_park_fees" ADD CONSTRAINT "booking_park_fees_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_park_fees" ADD CONSTRAINT "booking_park_fees_rate_id_ugx_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."ugx_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_park_fees" ADD CONSTRAINT "booking_park_fees_tariff_id_park_fee_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."park_fee_tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_park_fees_line_idx" ON "booking_park_fees" USING btree ("booking_id","traveller","fee");