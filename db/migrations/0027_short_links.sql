-- The shop's own short links, /o/<code>, for the links in order SMS (docs/decisions/070).
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_kind_check" CHECK ("short_links"."kind" in ('order')),
	CONSTRAINT "short_links_code_shape" CHECK ("short_links"."code" ~ '^[0-9A-Za-z]{8}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_one_per_target" ON "short_links" USING btree ("kind","target_id");