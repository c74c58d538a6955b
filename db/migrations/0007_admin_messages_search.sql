-- Admin search on contacts (name, email, subject, message) and subscribers (email): ILIKE '%q%'
-- backed by trigram GIN indexes on two functions. They are plpgsql (never inlined, so the index
-- expression matches the query) with a high COST: the planner then knows a sequential scan pays for
-- the function on every row and uses the index for a selective search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_text(name text, email text, subject text, message text)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1000
AS $$ BEGIN RETURN name || ' ' || email || ' ' || subject || ' ' || message; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION newsletter_search_text(email text)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1000
AS $$ BEGIN RETURN email; END $$;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (contacts_search_text("name", "email", "subject", "message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_messages_staff_unread_idx" ON "customer_messages" USING btree ("thread_id") WHERE "customer_messages"."is_from_admin" = false and "customer_messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_subscribed_at_idx" ON "newsletter_subscriptions" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_trgm_idx" ON "newsletter_subscriptions" USING gin (newsletter_search_text("email") gin_trgm_ops);