ALTER TABLE "departure_waitlist" DROP CONSTRAINT "departure_waitlist_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_address" text;--> statement-breakpoint
ALTER TABLE "departure_waitlist" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "departure_waitlist" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_open_holds_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."hold_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "departure_waitlist_confirm_token_idx" ON "departure_waitlist" USING btree ("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "departure_waitlist" ADD CONSTRAINT "departure_waitlist_status_check" CHECK (status in ('unconfirmed', 'waiting', 'offered', 'booked', 'lapsed', 'withdrawn'));