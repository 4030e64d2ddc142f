-- Issue 26: a product's card (API.md's ProductCard, as productCardOf writes it) kept as JSON text
-- on its row (docs/decisions/033-lean-cards-and-instant-search.md). Building it in every list
-- and search cost PostgreSQL ~20 µs a card (half a millisecond for a page of 24, as much as the
-- search itself); a stored generated column is written with the row, by every writer (the admin,
-- a CSV import, an order taking stock, SQL by hand), and the lists read it as any column.
-- Must give what productCardOf(toProduct(row)) gives, key for key (catalog.test.ts compares the
-- two over the catalogue). Decimals in exact numeric arithmetic, as hundredthsToUnits and
-- koboToNaira give them; the timestamp as Date.prototype.toISOString writes it, in UTC whatever
-- the session's time zone (so the function may be declared immutable); the picture is the first
-- image's 400 px rendition (cardImageOf).
CREATE OR REPLACE FUNCTION product_card_json(
  id uuid, name text, slug text, unit text, step_hundredths integer, min_quantity_hundredths integer,
  pack_size integer, pack_item_name text, price_breaks jsonb, price_kobo integer, stock_hundredths integer,
  images jsonb, subcategory_id uuid, is_hot_buy boolean, is_newly_added boolean, created_at timestamptz
) RETURNS text AS $$
  SELECT '{"id":' || to_json(id)::text
    || ',"name":' || to_json(name)::text
    || ',"slug":' || to_json(slug)::text
    || ',"unit":' || to_json(unit)::text
    || ',"step":' || trim_scale(step_hundredths::numeric / 100)::text
    || ',"minQuantity":' || trim_scale(min_quantity_hundredths::numeric / 100)::text
    || ',"packSize":' || coalesce(pack_size::text, 'null')
    || ',"packItemName":' || coalesce(to_json(pack_item_name)::text, 'null')
    || ',"priceBreaks":' || coalesce((
         SELECT '[' || string_agg(
                  '{"minQuantity":' || trim_scale((b.line->>'minHundredths')::numeric / 100)::text
                  || ',"price":' || trim_scale((b.line->>'priceKobo')::numeric / 100)::text || '}',
                  ',' ORDER BY (b.line->>'minHundredths')::numeric) || ']'
           FROM jsonb_array_elements(price_breaks) AS b(line)), '[]')
    || ',"price":' || trim_scale(price_kobo / 100.0)::text
    || ',"stock":' || trim_scale(stock_hundredths::numeric / 100)::text
    || ',"image":' || coalesce(to_json(regexp_replace(images->>0, '-full\.webp$', '-thumb.webp'))::text, 'null')
    || ',"subcategoryId":' || to_json(subcategory_id)::text
    || ',"isHotBuy":' || is_hot_buy::text
    || ',"isNewlyAdded":' || is_newly_added::text
    || ',"createdAt":' || to_json(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    || '}'
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Adding it rewrites the table once, compactly (a search reads broad words in storage order).
ALTER TABLE "products" ADD COLUMN "card_json" text NOT NULL GENERATED ALWAYS AS (product_card_json(
  "id", "name", "slug", "unit", "step_hundredths", "min_quantity_hundredths", "pack_size", "pack_item_name",
  "price_breaks", "price_kobo", "stock_hundredths", "images", "subcategory_id", "is_hot_buy", "is_newly_added",
  "created_at"
)) STORED;
--> statement-breakpoint
-- A change of stock alone still says so (0009, 0014): the card it rewrites shows that stock.
CREATE OR REPLACE FUNCTION products_updated_notify() RETURNS trigger AS $$
BEGIN
  IF jsonb_populate_record(OLD, jsonb_build_object('stock_hundredths', NEW.stock_hundredths, 'card_json', NEW.card_json)) *= NEW THEN
    PERFORM pg_notify('catalog_changed',
      CASE WHEN (OLD.stock_hundredths >= OLD.min_quantity_hundredths) = (NEW.stock_hundredths >= NEW.min_quantity_hundredths)
           THEN 'stock:' ELSE 'availability:' END || NEW.id);
  ELSE
    PERFORM pg_notify('catalog_changed', 'database');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
