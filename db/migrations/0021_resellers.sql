CREATE TABLE "reseller_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reseller_bookings" (
	"uuid" text PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"booking_id" uuid,
	"test_mode" boolean NOT NULL,
	"tour_id" uuid NOT NULL,
	"departure_id" uuid NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"supplier_reference" text NOT NULL,
	"reseller_reference" text,
	"unit_items" jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"retail_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	CONSTRAINT "reseller_bookings_status_check" CHECK (status in ('on_hold', 'confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"commission_percent" smallint DEFAULT 0 NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_name_length" CHECK (length("resellers"."name") between 1 and 100),
	CONSTRAINT "resellers_commission_check" CHECK ("resellers"."commission_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_source_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "reseller_api_keys" ADD CONSTRAINT "reseller_api_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_api_keys_hash_idx" ON "reseller_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reseller_api_keys_reseller_idx" ON "reseller_api_keys" USING btree ("reseller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_bookings_supplier_reference_idx" ON "reseller_bookings" USING btree ("supplier_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_bookings_booking_idx" ON "reseller_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reseller_bookings_reseller_reference_idx" ON "reseller_bookings" USING btree ("reseller_id","reseller_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_name_idx" ON "resellers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_reseller_idx" ON "bookings" USING btree ("reseller_id","reseller_reference") WHERE "bookings"."reseller_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK (source in ('public', 'customer', 'admin', 'reseller'));