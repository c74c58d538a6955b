ALTER TABLE "bookings" ALTER COLUMN "total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "paid_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "demo_payment_orders" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_link_expires_at" timestamp with time zone;