CREATE TABLE "reseller_tour_prices" (
	"reseller_id" uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"net_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_tour_prices_reseller_id_tour_id_pk" PRIMARY KEY("reseller_id","tour_id"),
	CONSTRAINT "reseller_tour_prices_net_check" CHECK ("reseller_tour_prices"."net_minor" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "reseller_webhook_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reseller_webhook_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhook_changes_kind_check" CHECK (kind in ('booking', 'availability'))
);
--> statement-breakpoint
CREATE TABLE "reseller_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhook_deliveries_status_check" CHECK (status in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "reseller_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retry_on_error" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhooks_event_check" CHECK (event in ('booking_update', 'availability_update')),
	CONSTRAINT "reseller_webhooks_url_length" CHECK (length("reseller_webhooks"."url") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "reseller_tour_prices" ADD CONSTRAINT "reseller_tour_prices_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_tour_prices" ADD CONSTRAINT "reseller_tour_prices_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_webhook_deliveries" ADD CONSTRAINT "reseller_webhook_deliveries_webhook_id_reseller_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."reseller_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_webhook_deliveries" ADD CONSTRAINT "reseller_webhook_deliveries_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_webhooks" ADD CONSTRAINT "reseller_webhooks_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_webhook_deliveries_due_idx" ON "reseller_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "reseller_webhook_deliveries_reseller_idx" ON "reseller_webhook_deliveries" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "reseller_webhooks_event_idx" ON "reseller_webhooks" USING btree ("event","reseller_id");--> statement-breakpoint
-- The resellers' webhooks are told of every change, whichever code made it (the OCTO API, a staff
-- screen, a web checkout, a sweep): these triggers note it in reseller_webhook_changes in the
-- change's own transaction, so a change and its note commit or roll back together. They write
-- nothing while no webhook listens for the event. The jobs turn the notes into deliveries.
--
-- Whether a booking takes seats, as lib/departures/data/seats.ts (takesSeats) counts them.
CREATE FUNCTION booking_takes_seats(status text, payment text, hold timestamptz) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    coalesce(status, '') <> 'cancelled'
      AND payment NOT IN ('Cancelled', 'Refunded')
      AND (status IN ('confirmed', 'completed') OR hold > now()),
    false)
$$;--> statement-breakpoint
-- A booking's seats taken, given back or moved: availability_update for each departure touched.
-- A reseller's booking confirmed, cancelled, moved or its hold changed (on any screen):
-- booking_update for it.
CREATE FUNCTION reseller_webhooks_note_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_takes boolean := false;
  new_takes boolean := false;
  moved boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_takes := booking_takes_seats(OLD.booking_status, OLD.payment_status, OLD.hold_expires_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_takes := booking_takes_seats(NEW.booking_status, NEW.payment_status, NEW.hold_expires_at);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    moved := NEW.departure_id IS DISTINCT FROM OLD.departure_id OR NEW.group_size <> OLD.group_size;
  END IF;
  IF (old_takes OR new_takes)
     AND EXISTS (SELECT 1 FROM reseller_webhooks WHERE event = 'availability_update') THEN
    IF old_takes AND OLD.departure_id IS NOT NULL AND (NOT new_takes OR moved) THEN
      INSERT INTO reseller_webhook_changes (kind, target) VALUES ('availability', OLD.departure_id::text);
    END IF;
    IF new_takes AND NEW.departure_id IS NOT NULL AND (NOT old_takes OR moved) THEN
      INSERT INTO reseller_webhook_changes (kind, target) VALUES ('availability', NEW.departure_id::text);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.reseller_id IS NOT NULL
     AND (NEW.booking_status, NEW.payment_status, NEW.hold_expires_at, NEW.departure_id)
       IS DISTINCT FROM (OLD.booking_status, OLD.payment_status, OLD.hold_expires_at, OLD.departure_id)
     AND EXISTS (SELECT 1 FROM reseller_webhooks
                 WHERE event = 'booking_update' AND reseller_id = NEW.reseller_id) THEN
    INSERT INTO reseller_webhook_changes (kind, target)
      SELECT 'booking', rb.uuid FROM reseller_bookings rb WHERE rb.booking_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reseller_webhooks_note_booking AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION reseller_webhooks_note_booking();--> statement-breakpoint
-- A reseller's booking as OCTO shows it changed (a test-mode one has no booking row).
CREATE FUNCTION reseller_webhooks_note_reseller_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status, NEW.hold_expires_at, NEW.departure_id, NEW.unit_items, NEW.contact,
      NEW.reseller_reference, NEW.notes)
       IS DISTINCT FROM (OLD.status, OLD.hold_expires_at, OLD.departure_id, OLD.unit_items,
                         OLD.contact, OLD.reseller_reference, OLD.notes)
     AND EXISTS (SELECT 1 FROM reseller_webhooks
                 WHERE event = 'booking_update' AND reseller_id = NEW.reseller_id) THEN
    INSERT INTO reseller_webhook_changes (kind, target) VALUES ('booking', NEW.uuid);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reseller_webhooks_note_reseller_booking AFTER UPDATE ON "reseller_bookings"
  FOR EACH ROW EXECUTE FUNCTION reseller_webhooks_note_reseller_booking();--> statement-breakpoint
-- A departure scheduled, or its seats, sale, dates or prices changed by staff.
CREATE FUNCTION reseller_webhooks_note_departure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT'
      OR (NEW.capacity, NEW.status, NEW.cutoff_days, NEW.start_date, NEW.end_date, NEW.prices)
           IS DISTINCT FROM (OLD.capacity, OLD.status, OLD.cutoff_days, OLD.start_date,
                             OLD.end_date, OLD.prices))
     AND EXISTS (SELECT 1 FROM reseller_webhooks WHERE event = 'availability_update') THEN
    INSERT INTO reseller_webhook_changes (kind, target) VALUES ('availability', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reseller_webhooks_note_departure AFTER INSERT OR UPDATE ON "departures"
  FOR EACH ROW EXECUTE FUNCTION reseller_webhooks_note_departure();--> statement-breakpoint
-- A waitlist offer holding seats made, used or called off.
CREATE FUNCTION reseller_webhooks_note_offer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_held boolean := false;
  new_held boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_held := coalesce(OLD.status = 'offered' AND OLD.hold_expires_at > now(), false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_held := coalesce(NEW.status = 'offered' AND NEW.hold_expires_at > now(), false);
  END IF;
  IF old_held <> new_held
     AND EXISTS (SELECT 1 FROM reseller_webhooks WHERE event = 'availability_update') THEN
    INSERT INTO reseller_webhook_changes (kind, target)
      VALUES ('availability', (CASE WHEN TG_OP = 'DELETE' THEN OLD.departure_id ELSE NEW.departure_id END)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reseller_webhooks_note_offer AFTER INSERT OR UPDATE OR DELETE ON "departure_waitlist"
  FOR EACH ROW EXECUTE FUNCTION reseller_webhooks_note_offer();
