CREATE TABLE "demo_payment_orders" (
	"tracking_id" text PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"confirmation_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"provider" text NOT NULL,
	"provider_tracking_id" text,
	"merchant_reference" text NOT NULL,
	"confirmation_code" text,
	"method" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"flagged_reason" text,
	"recorded_by_user_id" uuid,
	"note" text,
	"checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_kind_check" CHECK (kind in ('deposit', 'balance', 'full', 'refund')),
	CONSTRAINT "payments_provider_check" CHECK (provider in ('pesapal', 'demo', 'cash', 'bank')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'completed', 'failed', 'reversed')),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('USD', 'UGX'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_due_on" date;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "balance_due_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_reference_idx" ON "payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_tracking_idx" ON "payments" USING btree ("provider","provider_tracking_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("checked_at") WHERE "payments"."status" = 'pending';