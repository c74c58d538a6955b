ALTER TABLE "admin_users" ADD COLUMN "mfa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mfa_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mfa_recovery_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mfa_last_step" integer;