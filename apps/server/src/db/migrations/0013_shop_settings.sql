-- Issue 23 §1: the shop's settings, edited in the admin's Settings tab
-- (docs/decisions/025-shop-settings.md). One row (id 1) holds the whole ShopSettings object; a
-- database without it answers the first values (SHOP_INFO_DEFAULTS and the environment). Each
-- save that changes something adds a row to shop_settings_changes, in the same transaction.
CREATE TABLE IF NOT EXISTS "shop_settings" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "settings" jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "shop_settings_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shop_settings_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "changes" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_settings_changes_at_idx" ON "shop_settings_changes" ("at" DESC, "id" DESC);--> statement-breakpoint
-- Every committed change of the settings, whoever made it (the admin, SQL by hand), tells each
-- server process to read them again (SettingsCache listens on settings_changed), as the
-- catalogue's triggers do (0002).
CREATE OR REPLACE FUNCTION settings_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('settings_changed', 'database');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER shop_settings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed_notify();
