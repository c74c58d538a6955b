-- The trail's row trigger refuses UPDATE and a DELETE of rows younger than a year, but TRUNCATE
-- fires no row trigger: a statement trigger refuses it too, so the trail cannot be emptied at
-- once by the application's role. (A role that may only INSERT and SELECT the table is the
-- stronger guard: docs/operations.md.)
CREATE FUNCTION audit_events_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_no_truncate();
