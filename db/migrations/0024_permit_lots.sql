CREATE TABLE "permit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"park" text NOT NULL,
	"sector" text,
	"trek_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"uwa_reference" text,
	"face_value_minor" bigint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"state" text DEFAULT 'blocked' NOT NULL,
	"blocked_until" date,
	"note" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permit_lots_quantity_check" CHECK ("permit_lots"."quantity" between 1 and 500),
	CONSTRAINT "permit_lots_state_check" CHECK (state in ('blocked', 'deposit_paid', 'paid', 'cancelled', 'rescheduled')),
	CONSTRAINT "permit_lots_currency_check" CHECK ("permit_lots"."currency" in ('USD', 'UGX'))
);
--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "permit_fee" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "permit_park" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "trek_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "permit_lots_park_day_idx" ON "permit_lots" USING btree ("park","trek_date");--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_permit_check" CHECK (("tours"."permit_fee" is null) = ("tours"."permit_park" is null));--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_trek_day_check" CHECK ("tours"."trek_day" between 1 and 60);