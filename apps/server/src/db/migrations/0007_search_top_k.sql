-- Top-K search (decision 015). A search no longer ranks every match: it reads its products from
-- two streams in index order, names first, and stops once it has the page; the total is exact up
-- to SEARCH_TOTAL_CAP. name_vector (the product's name alone) gives the names stream its own GIN
-- index. Accents are folded (unaccent) on both sides, so "applique" finds "Appliqué". Typos are
-- corrected by nearest neighbours on a GiST trigram index over search_words.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN name_vector tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger AS $$
DECLARE
  sub_name text;
  cat_name text;
  cat_id uuid;
  folded_name text;
BEGIN
  SELECT s.name, c.name, c.id INTO sub_name, cat_name, cat_id
    FROM subcategories s JOIN categories c ON c.id = s.category_id
   WHERE s.id = NEW.subcategory_id;
  NEW.category_id := cat_id;
  folded_name := unaccent(coalesce(NEW.name, ''));
  sub_name := unaccent(coalesce(sub_name, ''));
  cat_name := unaccent(coalesce(cat_name, ''));
  NEW.name_vector := to_tsvector('english', folded_name);
  NEW.search_vector :=
       setweight(NEW.name_vector, 'A')
    || setweight(to_tsvector('english', sub_name || ' ' || cat_name), 'B')
    || setweight(to_tsvector('english', unaccent(coalesce(NEW.description, ''))), 'C');
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(folded_name || ' ' || sub_name || ' ' || cat_name), '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DELETE FROM search_words WHERE word <> unaccent(word);
--> statement-breakpoint
UPDATE products SET name = name;
--> statement-breakpoint
CREATE INDEX products_name_vector_idx ON products USING gin (name_vector);
--> statement-breakpoint
DROP INDEX search_words_trgm_idx;
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
