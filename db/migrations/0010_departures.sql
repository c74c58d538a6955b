CREATE TABLE "booking_travellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"full_name" text NOT NULL,
	"nationality" text,
	"dietary" text,
	"medical" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_travellers_position_check" CHECK ("booking_travellers"."position" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "departure_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"departure_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"group_size" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_token_hash" text,
	"hold_expires_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_waitlist_group_size_check" CHECK ("departure_waitlist"."group_size" between 1 and 50),
	CONSTRAINT "departure_waitlist_status_check" CHECK (status in ('waiting', 'offered', 'booked', 'lapsed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"capacity" integer NOT NULL,
	"prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cutoff_days" integer DEFAULT 0 NOT NULL,
	"min_group" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"cancel_reason" text,
	"note" text,
	"guide_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_capacity_check" CHECK ("departures"."capacity" between 1 and 500),
	CONSTRAINT "departures_cutoff_check" CHECK ("departures"."cutoff_days" between 0 and 365),
	CONSTRAINT "departures_min_group_check" CHECK ("departures"."min_group" is null or "departures"."min_group" >= 1),
	CONSTRAINT "departures_dates_check" CHECK ("departures"."end_date" >= "departures"."start_date"),
	CONSTRAINT "departures_status_check" CHECK (status in ('open', 'closed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "departure_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "booking_mode" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_waitlist" ADD CONSTRAINT "departure_waitlist_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_waitlist" ADD CONSTRAINT "departure_waitlist_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_travellers_position_idx" ON "booking_travellers" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "departure_waitlist_departure_idx" ON "departure_waitlist" USING btree ("departure_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "departure_waitlist_token_idx" ON "departure_waitlist" USING btree ("hold_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "departures_tour_start_idx" ON "departures" USING btree ("tour_id","start_date");--> statement-breakpoint
CREATE INDEX "departures_start_idx" ON "departures" USING btree ("start_date","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_departure_id_idx" ON "bookings" USING btree ("departure_id");--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_booking_mode_check" CHECK (booking_mode in ('request', 'departures', 'both'));