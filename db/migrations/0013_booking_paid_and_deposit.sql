ALTER TABLE "bookings" ADD COLUMN "deposit_percent" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing bookings: the net paid is their completed ledger rows' sum in the booking currency
-- (refunds out, never below zero), and the deposit of those already quoted is the 30 % they were
-- told when it was the fixed share.
UPDATE "bookings" b SET "paid_minor" = greatest(0, s.net)
FROM (
  SELECT "booking_id", sum(CASE WHEN "kind" = 'refund' THEN -"amount_minor" ELSE "amount_minor" END) AS net
  FROM "payments" WHERE "status" = 'completed' AND "currency" = 'USD' GROUP BY "booking_id"
) s
WHERE s."booking_id" = b."id";--> statement-breakpoint
UPDATE "bookings" SET "deposit_percent" = 30 WHERE "total_minor" IS NOT NULL;
