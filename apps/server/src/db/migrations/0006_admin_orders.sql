-- Admin, part 2 (issue 13): what the admin's order list, search and sales dashboard need to stay
-- fast on a big shop (100,000 orders; bench/admin.ts).
--
-- The order list searches by number prefix ("TS-7K" → order_number LIKE 'TS-7K%'): a pattern
-- index, since the unique index's collation cannot serve LIKE.
CREATE INDEX IF NOT EXISTS "orders_number_pattern_idx" ON "orders" ("order_number" text_pattern_ops);
--> statement-breakpoint
-- ... and by a piece of the customer's name or email (substring, any case): one trigram index
-- over the same expression the query uses (orders.repository.ts, customerText).
CREATE INDEX IF NOT EXISTS "orders_customer_trgm_idx" ON "orders" USING gin (
	(lower("customer_email" || ' ' || "customer_first_name" || ' ' || "customer_last_name")) gin_trgm_ops
);
--> statement-breakpoint
-- A status page sorted as the list sorts (created_at DESC, id: orders_created_idx's order), read
-- in index order to any depth.
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" ("status", "created_at" DESC, "id");
--> statement-breakpoint
-- The dashboard: paid orders by the day they were paid, their totals read from the index alone.
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" ("paid_at") INCLUDE ("total_kobo", "id")
	WHERE "payment_status" = 'PAID';
--> statement-breakpoint
-- Bank transfers waiting for an admin (dashboard).
CREATE INDEX IF NOT EXISTS "orders_transfer_unpaid_idx" ON "orders" ("created_at")
	WHERE "payment_method" = 'bankTransfer' AND "payment_status" = 'UNPAID';
--> statement-breakpoint
-- An order's payment events on its admin detail page.
CREATE INDEX IF NOT EXISTS "payment_events_order_idx" ON "payment_events" ("order_id", "created_at");
--> statement-breakpoint
-- The admin's newsletter list, searched by a piece of the address.
CREATE INDEX IF NOT EXISTS "newsletter_email_trgm_idx" ON "newsletter_subscribers" USING gin ((lower("email")) gin_trgm_ops);
--> statement-breakpoint
-- A search that is a whole email address finds that customer's orders through this index rather
-- than the trigram one (whose common trigrams, "gmail", "com", match every row).
CREATE INDEX IF NOT EXISTS "orders_customer_email_idx" ON "orders" (lower("customer_email"));
--> statement-breakpoint
-- Every committed change to orders tells each server process to drop what it counted (the admin
-- list's totals, the dashboard), as catalog_changed does for the catalogue (0002): NOTIFY is
-- delivered at commit and folded within a transaction, so a statement-level trigger is enough.
CREATE OR REPLACE FUNCTION orders_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('orders_changed', 'database');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_orders_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_changed_notify();
--> statement-breakpoint
-- The dashboard's counts by status, payment status and method: one index-only pass.
CREATE INDEX IF NOT EXISTS "orders_states_idx" ON "orders" ("status", "payment_status", "payment_method");
