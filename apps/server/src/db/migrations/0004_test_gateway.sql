-- The built-in test payment gateway's transactions (apps/server/src/payments/test-gateway), kept
-- in the database so every server process on it sees the same payments. Only the gateway, which
-- never runs in production, reads or writes this table.
CREATE TABLE IF NOT EXISTS "test_gateway_transactions" (
	"id" bigserial PRIMARY KEY,
	"reference" text NOT NULL,
	"access_code" text NOT NULL,
	"email" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'abandoned' NOT NULL,
	"gateway_response" text,
	"channel" text,
	"card_last4" text,
	"metadata" jsonb,
	"callback_url" text,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "test_gateway_transactions_access_code_unique" UNIQUE("access_code")
);
