-- Issue 24: units of sale, steps and price breaks (docs/decisions/030-units-of-sale-and-price-breaks.md).
-- A product is sold by the piece, by length (yard or metre) or by the pack. Stock and ordered
-- quantities become integers of hundredths of the unit of sale (2.5 yd is 250), the way money is
-- integer kobo; the columns are renamed so that no query can read the old scale by mistake. Every
-- product and order line so far was a whole piece: ×100 and `piece` keep their meaning.
ALTER TABLE "products" RENAME COLUMN "stock" TO "stock_hundredths";--> statement-breakpoint
UPDATE "products" SET "stock_hundredths" = "stock_hundredths" * 100;--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL,
  ADD COLUMN "step_hundredths" integer DEFAULT 100 NOT NULL,
  ADD COLUMN "min_quantity_hundredths" integer DEFAULT 100 NOT NULL,
  ADD COLUMN "pack_size" integer,
  ADD COLUMN "pack_item_name" text,
  -- [{minHundredths, priceKobo}], ascending, each price below the one before (units.ts).
  ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
  ADD CONSTRAINT "products_unit_known" CHECK ("unit" IN ('piece', 'yard', 'metre', 'pack')),
  ADD CONSTRAINT "products_step_positive" CHECK ("step_hundredths" > 0),
  ADD CONSTRAINT "products_whole_units_step" CHECK ("unit" IN ('yard', 'metre') OR "step_hundredths" = 100),
  ADD CONSTRAINT "products_min_on_step" CHECK ("min_quantity_hundredths" > 0 AND "min_quantity_hundredths" % "step_hundredths" = 0),
  ADD CONSTRAINT "products_pack_size" CHECK (("unit" = 'pack') = ("pack_size" IS NOT NULL) AND ("pack_size" IS NULL OR "pack_size" BETWEEN 2 AND 10000)),
  ADD CONSTRAINT "products_whole_units_stock" CHECK ("unit" IN ('yard', 'metre') OR "stock_hundredths" % 100 = 0),
  ADD CONSTRAINT "products_stock_not_negative" CHECK ("stock_hundredths" >= 0),
  ADD CONSTRAINT "products_price_breaks_list" CHECK (jsonb_typeof("price_breaks") = 'array');--> statement-breakpoint
ALTER TABLE "order_items" RENAME COLUMN "quantity" TO "quantity_hundredths";--> statement-breakpoint
UPDATE "order_items" SET "quantity_hundredths" = "quantity_hundredths" * 100;--> statement-breakpoint
-- The line is a snapshot, like its name and price: how it was sold, the price before a break
-- and the line's total as charged (price × quantity rounded once, kept so a later rule never
-- changes an old order).
ALTER TABLE "order_items"
  ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL,
  ADD COLUMN "pack_size" integer,
  ADD COLUMN "pack_item_name" text,
  ADD COLUMN "list_price_kobo" integer,
  ADD COLUMN "line_total_kobo" bigint;--> statement-breakpoint
UPDATE "order_items" SET "line_total_kobo" = "price_kobo"::bigint * ("quantity_hundredths" / 100);--> statement-breakpoint
ALTER TABLE "order_items"
  ALTER COLUMN "line_total_kobo" SET NOT NULL,
  ADD CONSTRAINT "order_items_quantity_positive" CHECK ("quantity_hundredths" > 0),
  ADD CONSTRAINT "order_items_unit_known" CHECK ("unit" IN ('piece', 'yard', 'metre', 'pack'));--> statement-breakpoint
-- 0009's notice compared the stock column by name: the same rule on the renamed column. A product
-- is available when at least its minimum is on the shelf (units.ts isPurchasable, up to the step).
CREATE OR REPLACE FUNCTION products_updated_notify() RETURNS trigger AS $$
BEGIN
  IF jsonb_populate_record(OLD, jsonb_build_object('stock_hundredths', NEW.stock_hundredths)) *= NEW THEN
    PERFORM pg_notify('catalog_changed',
      CASE WHEN (OLD.stock_hundredths >= OLD.min_quantity_hundredths) = (NEW.stock_hundredths >= NEW.min_quantity_hundredths)
           THEN 'stock:' ELSE 'availability:' END || NEW.id);
  ELSE
    PERFORM pg_notify('catalog_changed', 'database');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
