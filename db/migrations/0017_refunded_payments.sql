UPDATE "orders" o SET "payment_status" = 'refunded', "updated_at" = now()
WHERE o."payment_method" <> 'cod' AND o."payment_status" = 'paid'
  AND (SELECT sum(r."amount") FROM "refunds" r
    WHERE r."order_id" = o."id" AND r."status" = 'processed') >= o."total";
-- A card payment refunded in full is "refunded" (docs/decisions/049): the refund that completes it
-- now marks it so in its own transaction; this marks the orders refunded in full before then.
