-- Issue "orders that cannot be abused": every unpaid order has a deadline, bank transfers get a
-- reminder half-way, a reference found unpaid is not asked about again at once, and what one
-- customer holds in unpaid orders is counted by an index.

-- A bank transfer's deadline is now kept on the order, like a card order's payment window.
-- Orders placed before keep the 72 hours they were promised.
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "expires_at" = "created_at" + interval '72 hours'
 WHERE "payment_method" = 'bankTransfer' AND "payment_status" = 'UNPAID' AND "expires_at" IS NULL;--> statement-breakpoint
-- The customer's unpaid, pending orders: the hold limits count them inside the order's transaction.
CREATE INDEX IF NOT EXISTS "orders_user_unpaid_idx" ON "orders" ("user_id")
 WHERE "status" = 'PENDING' AND "payment_status" = 'UNPAID';--> statement-breakpoint
-- The provider's last answer about a reference, and when: a reference found unpaid moments ago
-- is answered from here instead of asking the provider again.
ALTER TABLE "payment_references" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "checked_status" text;--> statement-breakpoint
-- While set in the future, a payment start is opening this reference at the provider: a start
-- at the same moment takes the next reference instead of colliding with it.
ALTER TABLE "payment_references" ADD COLUMN "initializing_until" timestamp with time zone;--> statement-breakpoint
-- The client address an unpaid order was placed from, kept only while it is unpaid and pending:
-- the unpaid orders one address may hold are limited (many accounts from one address).
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_address_unpaid_idx" ON "orders" ("placed_from")
 WHERE "status" = 'PENDING' AND "payment_status" = 'UNPAID';
