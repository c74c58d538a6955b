DROP INDEX "bookings_owing_idx";--> statement-breakpoint
DROP INDEX "payments_completed_idx";--> statement-breakpoint
CREATE INDEX "bookings_owing_idx" ON "bookings" USING btree ("balance_due_on","total_minor","paid_minor") WHERE "bookings"."total_minor" is not null and "bookings"."booking_status" in ('confirmed', 'completed') and "bookings"."payment_status" in ('Pending', 'Deposit Made');--> statement-breakpoint
CREATE INDEX "payments_completed_idx" ON "payments" USING btree ("completed_at","currency","kind","amount_minor") WHERE "payments"."status" = 'completed';