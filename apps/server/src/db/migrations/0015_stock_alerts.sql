-- Issue 25: back-in-stock alerts (docs/decisions/031-back-in-stock-alerts.md). A visitor on a
-- sold-out product leaves an email; when the product can be bought again, by whatever path its row
-- changed (an admin's edit, a CSV import, a cancelled or expired order giving units back), each
-- open alert is emailed once and closed.
CREATE TABLE "stock_alerts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  -- Lower-cased by the request's schema; checked here too.
  "email" text NOT NULL CONSTRAINT "stock_alerts_email_lower" CHECK ("email" = lower("email")),
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  -- sha256 (hex) of the unsubscribe link's token, set when the email is queued: the token itself
  -- is only in that email, and the table alone cannot cancel anyone's alert.
  "unsubscribe_token_hash" text UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "notified_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone
);--> statement-breakpoint
-- One open alert per product and address: a second request finds it (and changes nothing).
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" ("product_id", "email")
  WHERE "notified_at" IS NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
-- The per-address limit counts these.
CREATE INDEX "stock_alerts_open_email_idx" ON "stock_alerts" ("email")
  WHERE "notified_at" IS NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
-- When a product goes from "cannot be bought" to "can" (0014's rule: at least its minimum on the
-- shelf) and someone waits for it, one outbox job says so, in the transaction of the change. The
-- job's handler (modules/stock-alerts) re-reads the product and queues the emails: no path that
-- restocks needs to know alerts exist, and a rolled-back change queues nothing.
CREATE OR REPLACE FUNCTION products_stock_returned() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_alerts
              WHERE product_id = NEW.id AND notified_at IS NULL AND cancelled_at IS NULL) THEN
    INSERT INTO outbox (kind, payload) VALUES ('stock-returned', jsonb_build_object('productId', NEW.id));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER products_stock_returned
  AFTER UPDATE OF stock_hundredths, min_quantity_hundredths ON products
  FOR EACH ROW
  WHEN (OLD.stock_hundredths < OLD.min_quantity_hundredths AND NEW.stock_hundredths >= NEW.min_quantity_hundredths)
  EXECUTE FUNCTION products_stock_returned();
--> statement-breakpoint
-- The admin's dashboard counts who waits; every process drops its copy when alerts change.
CREATE OR REPLACE FUNCTION stock_alerts_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stock_alerts_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER stock_alerts_changed
  AFTER INSERT OR UPDATE OR DELETE ON stock_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION stock_alerts_changed_notify();
