-- Every committed change to the catalogue tells each server process to drop its cached answers
-- (CatalogCache listens on catalog_changed), whoever made it: the admin, an order taking stock,
-- the seed, SQL by hand. NOTIFY is delivered at commit, and repeats within one transaction are
-- folded into one, so a statement-level trigger is enough.
CREATE OR REPLACE FUNCTION catalog_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'database');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER subcategories_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
