DROP INDEX "products_featured_order_idx";--> statement-breakpoint
DROP INDEX "products_rating_order_idx";--> statement-breakpoint
CREATE INDEX "products_featured_order_idx" ON "products" USING btree ("is_featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_rating_order_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");