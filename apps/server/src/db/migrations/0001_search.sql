-- Full-text search over a product's name (weight A), its category and subcategory names (B) and
-- its description (C). For typos, the words of those names go to search_words, a short list
-- that pg_trgm searches for the word the visitor meant. Triggers keep both, so every writer
-- (seed, admin, SQL by hand) leaves them right.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger AS $$
DECLARE
  sub_name text;
  cat_name text;
  cat_id uuid;
BEGIN
  SELECT s.name, c.name, c.id INTO sub_name, cat_name, cat_id
    FROM subcategories s JOIN categories c ON c.id = s.category_id
   WHERE s.id = NEW.subcategory_id;
  NEW.category_id := cat_id;
  NEW.search_vector :=
       setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(sub_name, '') || ' ' || coalesce(cat_name, '')), 'B')
    || setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(
      lower(coalesce(NEW.name, '') || ' ' || coalesce(sub_name, '') || ' ' || coalesce(cat_name, '')),
      '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  BEFORE INSERT OR UPDATE OF name, description, subcategory_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
-- A renamed or moved subcategory, or a renamed category, refreshes its products.
CREATE OR REPLACE FUNCTION subcategories_products_refresh() RETURNS trigger AS $$
BEGIN
  UPDATE products SET category_id = NEW.category_id WHERE subcategory_id = NEW.id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subcategories_products_refresh
  AFTER UPDATE OF name, category_id ON subcategories
  FOR EACH ROW EXECUTE FUNCTION subcategories_products_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_products_refresh() RETURNS trigger AS $$
BEGIN
  UPDATE products SET category_id = NEW.id WHERE category_id = NEW.id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER categories_products_refresh
  AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_products_refresh();
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
