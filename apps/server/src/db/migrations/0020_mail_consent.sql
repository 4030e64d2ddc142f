-- Mail only to people who asked (docs/SECURITY.md, "Mail only to people who asked"). Anyone may
-- type any address into the back-in-stock form or the newsletter signup, so:
-- * one list of unsubscribed addresses, honoured by every list mail (back-in-stock alerts, the
--   newsletter and its welcome), kept as SHA-256 (hex) of the lower-cased address: the table
--   holds no address, and a request is checked against it by hashing the address it names;
-- * a guest's back-in-stock alert waits for the link mailed to its address (confirmed_at);
-- * the back-in-stock mails and confirmation mails each address was sent, counted here so the
--   weekly cap and the confirmation bounds hold across processes.
CREATE TABLE "mail_unsubscribed" (
  "email_hash" text PRIMARY KEY NOT NULL CONSTRAINT "mail_unsubscribed_hash_hex" CHECK ("email_hash" ~ '^[0-9a-f]{64}$'),
  -- The latest unsubscribe: an alert confirmed after it is the address asking again.
  "unsubscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "mail_sends" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email_hash" text NOT NULL,
  -- 'stock-returned', 'stock-alert-confirm' or 'newsletter-confirm'.
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "mail_sends_recent_idx" ON "mail_sends" ("email_hash", "kind", "sent_at");--> statement-breakpoint
-- Every address that unsubscribed so far: the inactive newsletter rows, and the addresses that
-- pressed a back-in-stock email's unsubscribe button (the alert holding the link is cancelled).
INSERT INTO "mail_unsubscribed" ("email_hash", "unsubscribed_at")
SELECT "email_hash", max("at") FROM (
  SELECT encode(sha256(convert_to(lower("email"), 'UTF8')), 'hex') AS "email_hash", "updated_at" AS "at"
    FROM "newsletter_subscribers" WHERE NOT "active"
  UNION ALL
  SELECT encode(sha256(convert_to(lower("email"), 'UTF8')), 'hex'), "cancelled_at"
    FROM "stock_alerts" WHERE "cancelled_at" IS NOT NULL AND "unsubscribe_token_hash" IS NOT NULL
) AS "gone" GROUP BY "email_hash";--> statement-breakpoint
-- An unsubscribed newsletter address comes back through a link mailed to it: the hash of its
-- single-use token and when it stops working.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text UNIQUE;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
-- A back-in-stock alert is mailed only once confirmed: at once for a signed-in customer's own
-- address, else by the link mailed to the address (the token's SHA-256 kept, with its expiry).
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_token_hash" text UNIQUE;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
-- Alerts asked for before this: a signed-in customer's for the account's own address stays;
-- any other was never confirmed by its address, so it is closed (the person can ask again and
-- confirm). Closed alerts keep no confirmation.
UPDATE "stock_alerts" AS "a" SET "confirmed_at" = "a"."created_at"
  FROM "users" AS "u" WHERE "u"."id" = "a"."user_id" AND lower("u"."email") = "a"."email";--> statement-breakpoint
UPDATE "stock_alerts" SET "cancelled_at" = now()
  WHERE "confirmed_at" IS NULL AND "notified_at" IS NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
-- The restock trigger of 0015 now wakes the job only for confirmed alerts: pending ones are
-- nobody's request yet.
CREATE OR REPLACE FUNCTION products_stock_returned() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_alerts
              WHERE product_id = NEW.id AND confirmed_at IS NOT NULL AND notified_at IS NULL AND cancelled_at IS NULL) THEN
    INSERT INTO outbox (kind, payload) VALUES ('stock-returned', jsonb_build_object('productId', NEW.id));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
