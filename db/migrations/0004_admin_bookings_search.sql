-- pg_trgm serves the admin bookings search (ILIKE on name, email, tour); PGlite loads it as a contrib extension (db/index.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
CREATE INDEX "bookings_full_name_trgm_idx" ON "bookings" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_email_trgm_idx" ON "bookings" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_tour_package_trgm_idx" ON "bookings" USING gin ("tour_package" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_tour_package_idx" ON "bookings" USING btree ("tour_package");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at","id");