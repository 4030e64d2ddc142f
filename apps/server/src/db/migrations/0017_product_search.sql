-- Issue 26 (item 6), decision 038: the search vectors move to a narrow table of their own. A
-- search reads its matches in storage order or by GIN index and checks each row it visits; on
-- `products` a row is ~1.8 KB (description, specifications, images, the stored card), four to a
-- page, so "gold button" visited ~320 pages for 24 matches and counting "lion head" a page per
-- product holding "lion". product_search keeps only what a search reads (~15 rows a page); the
-- page's cards are still read from `products`, 24 rows by primary key. A change of stock (every
-- order) no longer rewrites the vectors.
CREATE TABLE "product_search" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "name_vector" tsvector NOT NULL,
  "search_vector" tsvector NOT NULL
);
--> statement-breakpoint
-- In the products' own storage order, so the first pages of a broad search stay what they were.
INSERT INTO product_search (id, name_vector, search_vector)
  SELECT id, coalesce(name_vector, ''), coalesce(search_vector, '') FROM products;
--> statement-breakpoint
DROP INDEX IF EXISTS products_search_vector_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS products_name_vector_idx;
--> statement-breakpoint
ALTER TABLE products DROP COLUMN search_vector, DROP COLUMN name_vector;
--> statement-breakpoint
CREATE INDEX product_search_search_vector_idx ON product_search USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX product_search_name_vector_idx ON product_search USING gin (name_vector);
--> statement-breakpoint
-- Before a product is written: its category follows its subcategory (listings by category are one
-- index range).
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger AS $$
BEGIN
  SELECT s.category_id INTO NEW.category_id FROM subcategories s WHERE s.id = NEW.subcategory_id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- After it is written (the row must exist for the reference): its vectors, accents folded, and
-- the words of its names for typos. The same columns trigger it as before (0001, 0007), so a
-- renamed category or subcategory still refreshes its products through them.
CREATE OR REPLACE FUNCTION products_search_write() RETURNS trigger AS $$
DECLARE
  sub_name text;
  cat_name text;
  folded_name text;
  names tsvector;
BEGIN
  SELECT s.name, c.name INTO sub_name, cat_name
    FROM subcategories s JOIN categories c ON c.id = s.category_id
   WHERE s.id = NEW.subcategory_id;
  folded_name := unaccent(coalesce(NEW.name, ''));
  sub_name := unaccent(coalesce(sub_name, ''));
  cat_name := unaccent(coalesce(cat_name, ''));
  names := to_tsvector('english', folded_name);
  INSERT INTO product_search (id, name_vector, search_vector)
  VALUES (
    NEW.id,
    names,
    setweight(names, 'A')
      || setweight(to_tsvector('english', sub_name || ' ' || cat_name), 'B')
      || setweight(to_tsvector('english', unaccent(coalesce(NEW.description, ''))), 'C')
  )
  ON CONFLICT (id) DO UPDATE SET name_vector = EXCLUDED.name_vector, search_vector = EXCLUDED.search_vector;
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(folded_name || ' ' || sub_name || ' ' || cat_name), '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_write
  AFTER INSERT OR UPDATE OF name, description, subcategory_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_write();
--> statement-breakpoint
ANALYZE product_search;
