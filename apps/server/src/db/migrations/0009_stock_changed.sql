-- An order taking stock, or a cancelled one giving it back, changes one column of a few
-- products. Until now it sent the same catalog_changed notice as an edit, and every process
-- dropped its whole catalogue cache a few hundred times a second while orders flowed. An UPDATE of
-- products now says what it changed (decision 019), on the same channel, so a listener that does
-- not read the payload still clears everything, as before:
--
--   'database'            anything but stock changed (repeats within a transaction are folded)
--   'stock:<id>'          only the stock of this product changed
--   'availability:<id>'   the same, and it went from 0 to some or back (lists filtered to what
--                         is in stock change members, not only figures)
--
-- A row trigger: it compares OLD and NEW in memory, where a statement trigger over transition
-- tables ran a query per statement and added twice as much to an order's stock update. The old row
-- with the new stock must be the new row byte for byte (*=), so a column added later counts as
-- "anything but stock" without this function naming it. A row that did not change sends nothing.
CREATE OR REPLACE FUNCTION products_updated_notify() RETURNS trigger AS $$
BEGIN
  IF jsonb_populate_record(OLD, jsonb_build_object('stock', NEW.stock)) *= NEW THEN
    PERFORM pg_notify('catalog_changed',
      CASE WHEN (OLD.stock > 0) = (NEW.stock > 0) THEN 'stock:' ELSE 'availability:' END || NEW.id);
  ELSE
    PERFORM pg_notify('catalog_changed', 'database');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_updated
  AFTER UPDATE ON products
  FOR EACH ROW WHEN (OLD.* *<> NEW.*) EXECUTE FUNCTION products_updated_notify();
