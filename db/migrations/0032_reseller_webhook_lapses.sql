CREATE TABLE "reseller_webhook_lapses" (
	"holder" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reseller_webhook_lapses_holder_hold_expires_at_pk" PRIMARY KEY("holder","hold_expires_at")
);
--> statement-breakpoint
CREATE INDEX "reseller_webhook_lapses_hold_idx" ON "reseller_webhook_lapses" USING btree ("hold_expires_at");