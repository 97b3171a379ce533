ALTER TABLE "images" ADD COLUMN "content_hash" text;--> statement-breakpoint
-- The same hash the shop computes for a new picture: SHA-256 of its variants' bytes in (format, width) order.
UPDATE "images" SET "content_hash" = coalesce(
	(SELECT substr(encode(sha256(string_agg(v."data", ''::bytea ORDER BY v."format", v."width")), 'hex'), 1, 16)
	FROM "image_variants" v WHERE v."image_id" = "images"."id"),
	substr(md5("images"."id"::text), 1, 16)
);--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "content_hash" SET NOT NULL;
