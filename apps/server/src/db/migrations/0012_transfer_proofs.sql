-- Issue 22 §3: the proofs of bank transfers customers upload, and their review
-- (docs/decisions/023-transfer-proofs-and-order-emails.md). The file lives in the private
-- storage (DATA_DIR/private, or the bucket's S3_PRIVATE_PREFIX), never at a public URL; this row
-- says where, what it is, and what the admin made of it. The latest row of an order is its
-- proof: a re-upload replaces a pending one, and a rejected one stays as the record of the review.
CREATE TABLE IF NOT EXISTS "transfer_proofs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "storage_key" text NOT NULL UNIQUE,
  "content_type" text NOT NULL,
  "size_bytes" integer NOT NULL,
  "file_name" text NOT NULL,
  "uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
  "uploaded_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "status" text DEFAULT 'pending' NOT NULL,
  "reason" text,
  "reviewed_by" text,
  "reviewed_at" timestamp with time zone,
  CONSTRAINT "transfer_proofs_status_check" CHECK ("status" IN ('pending', 'confirmed', 'rejected')),
  CONSTRAINT "transfer_proofs_type_check"
    CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transfer_proofs_order_idx" ON "transfer_proofs" ("order_id", "uploaded_at");
