-- Admin search on contacts and subscribers: ILIKE %q% backed by trigram GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (("name" || ' ' || "email" || ' ' || "subject" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_messages_staff_unread_idx" ON "customer_messages" USING btree ("thread_id") WHERE "customer_messages"."is_from_admin" = false and "customer_messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_subscribed_at_idx" ON "newsletter_subscriptions" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_trgm_idx" ON "newsletter_subscriptions" USING gin ("email" gin_trgm_ops);