-- Issue "Safe to open, part 2", item 4: a verified email where it costs the shop (SECURITY.md
-- "Verified email"). Registration still logs the customer in at once; the emailed link sets
-- email_verified_at. Pay on delivery needs it, and a customer email to an unverified address
-- carries none of the text the customer typed.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Existing accounts: an admin's address was set by the shop itself (ADMIN_EMAIL, or an admin
-- promoting a customer they know), so admins count as verified. Customers are not: nothing ever
-- proved they own their address, and an account registered under a stranger's address is exactly
-- what this closes. They verify with one click of the link their profile or checkout sends.
UPDATE "users" SET "email_verified_at" = now() WHERE "role" = 'ADMIN';--> statement-breakpoint
CREATE TABLE "email_verifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  -- sha256 (hex) of the link's random token: the token itself is only in the email.
  "token_hash" text NOT NULL UNIQUE,
  -- The address the link was sent to: a link proves that address only, not one set later.
  "email" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" ("user_id", "created_at" DESC);
