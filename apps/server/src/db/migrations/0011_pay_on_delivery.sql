-- Issue 22: pay on delivery, in Lagos only (docs/decisions/022-pay-on-delivery.md). A fourth
-- payment method; the order keeps its own steps: confirmed by phone (when, by whom), and the money
-- the rider received (how much, how). The money is also kept as a `pod.received` payment event,
-- as a confirmed transfer is.
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check"
 CHECK ("orders"."payment_method" IN ('card', 'bankTransfer', 'paypal', 'payOnDelivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_kobo" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_how" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_received_check"
 CHECK ("cash_received_how" IS NULL OR ("cash_received_how" IN ('cash', 'pos', 'transfer')
        AND "cash_received_kobo" IS NOT NULL AND "cash_received_kobo" >= 0));--> statement-breakpoint
-- A customer's open pay-on-delivery orders (placed, not paid, not cancelled): at most one may be
-- open, checked inside the order's transaction; the hold limits count them as unpaid too.
CREATE INDEX IF NOT EXISTS "orders_user_pod_open_idx" ON "orders" ("user_id")
 WHERE "payment_method" = 'payOnDelivery' AND "payment_status" = 'UNPAID' AND "status" <> 'CANCELLED';
