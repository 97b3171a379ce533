ALTER TABLE "orders" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_provider_check" CHECK ("orders"."payment_provider" is null or ("orders"."payment_method" = 'razorpay' and "orders"."payment_provider" in ('razorpay','test')));--> statement-breakpoint
UPDATE "orders" AS o SET "payment_provider" = p."provider"
FROM (
  SELECT DISTINCT ON ("order_id") "order_id", "provider"
  FROM "payments"
  WHERE "provider" IN ('razorpay', 'test')
  ORDER BY "order_id", ("status" = 'paid') DESC, "created_at" DESC
) AS p
WHERE p."order_id" = o."id" AND o."payment_method" = 'razorpay' AND o."payment_provider" IS NULL;--> statement-breakpoint
UPDATE "orders"
SET "shipping_address" = "shipping_address" - ARRAY['addressId', 'idempotencyKey', 'paymentMethod', 'saveAddress']
WHERE "shipping_address" ?| ARRAY['addressId', 'idempotencyKey', 'paymentMethod', 'saveAddress'];
