-- Catalogue writes (issue 12). A product slug may never shadow a fixed route under
-- /api/products/ (RESERVED_PRODUCT_SLUGS in packages/shared), and uploaded images are deleted only
-- when no product and no order line refers to them: these two indexes make that check a lookup.
ALTER TABLE "products" ADD CONSTRAINT "products_slug_not_reserved" CHECK ("products"."slug" NOT IN ('admin', 'import', 'export', 'search', 'hot-buy', 'featured', 'category', 'subcategory'));
--> statement-breakpoint
CREATE INDEX "products_images_idx" ON "products" USING gin ("images" jsonb_path_ops);
--> statement-breakpoint
CREATE INDEX "order_items_image_idx" ON "order_items" USING btree ("image");
