ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description || ' ' || detailed_description || ' ' || ingredients || ' ' || benefits || ' ' || ayurvedic_properties)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_featured_order_idx" ON "products" USING btree ("is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_unit_price_idx" ON "products" USING btree (coalesce("discount_price", "price"),"id");--> statement-breakpoint
CREATE INDEX "products_rating_order_idx" ON "products" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");