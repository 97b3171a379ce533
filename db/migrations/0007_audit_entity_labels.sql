ALTER TABLE "audit_log" ADD COLUMN "label" text;
-- Backfill: each entry's label from its own recorded changes (after, else before, else as created),
-- then from the entity's row while it still exists, then from another entry of the same entity.
--> statement-breakpoint
UPDATE "audit_log" SET "label" = nullif(trim(coalesce(
  "changes"->'after'->>f.field, "changes"->'before'->>f.field, "changes"->>f.field)), '')
FROM (VALUES ('coupon', 'code'), ('product', 'name'), ('category', 'name'), ('order', 'orderNumber'))
  AS f(entity, field)
WHERE "audit_log"."entity" = f.entity AND "audit_log"."label" IS NULL;--> statement-breakpoint
UPDATE "audit_log" a SET "label" = c."code" FROM "coupons" c
WHERE a."entity" = 'coupon' AND a."label" IS NULL AND a."entity_id" = c."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "label" = p."name" FROM "products" p
WHERE a."entity" = 'product' AND a."label" IS NULL AND a."entity_id" = p."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "label" = c."name" FROM "categories" c
WHERE a."entity" = 'category' AND a."label" IS NULL AND a."entity_id" = c."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "label" = o."order_number" FROM "orders" o
WHERE a."entity" = 'order' AND a."label" IS NULL AND a."entity_id" = o."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "label" = 'Review of ' || p."name" FROM "products" p
WHERE a."entity" = 'review' AND a."label" IS NULL
  AND p."id"::text = coalesce(a."changes"->>'productId', a."changes"->'before'->>'productId');--> statement-breakpoint
UPDATE "audit_log" a SET "label" = (
  SELECT b."label" FROM "audit_log" b
  WHERE b."entity" = a."entity" AND b."entity_id" = a."entity_id" AND b."label" IS NOT NULL
  ORDER BY b."created_at" DESC, b."id" DESC LIMIT 1
)
WHERE a."label" IS NULL AND a."entity_id" IS NOT NULL
  AND a."entity" IN ('coupon', 'product', 'category', 'order', 'review');
