-- Issue 43 item 1, decision 039: every hold ends.
-- Why an order was cancelled (CancelReason): a customer's own cancellations and expiries of the
-- last 24 hours count toward their hold limits, so cancelling and placing again renews nothing.
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
-- When a bank transfer's deadline was put back once because its proof waited for review.
ALTER TABLE "orders" ADD COLUMN "hold_extended_at" timestamp with time zone;
--> statement-breakpoint
-- Pay-on-delivery orders now wait a set time for the shop's phone call (48 hours by default):
-- those open and unconfirmed at the upgrade get that time from now.
UPDATE "orders" SET "expires_at" = now() + interval '48 hours'
 WHERE "payment_method" = 'payOnDelivery' AND "status" = 'PENDING' AND "payment_status" = 'UNPAID'
   AND "expires_at" IS NULL;
