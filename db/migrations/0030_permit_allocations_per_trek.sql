DROP INDEX "permit_allocations_traveller_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "permit_allocations_traveller_idx" ON "permit_allocations" USING btree ("booking_id","traveller","lot_id");