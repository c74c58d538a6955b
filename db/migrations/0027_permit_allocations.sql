CREATE TABLE "permit_alert_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permit_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"traveller" integer NOT NULL,
	"permit_number" text,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permit_allocations_traveller_check" CHECK ("permit_allocations"."traveller" between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "permit_allocations" ADD CONSTRAINT "permit_allocations_lot_id_permit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."permit_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_allocations" ADD CONSTRAINT "permit_allocations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE UNIQUE INDEX "permit_allocations_traveller_idx" ON "permit_allocations" USING btree ("booking_id","traveller");--> statement-breakpoint
CREATE INDEX "permit_allocations_lot_idx" ON "permit_allocations" USING btree ("lot_id");