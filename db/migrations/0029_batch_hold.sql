CREATE TABLE "recall_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "recall_order_lines_quantity_positive" CHECK ("recall_order_lines"."quantity" > 0),
	CONSTRAINT "recall_order_lines_outcome_known" CHECK ("recall_order_lines"."outcome" in ('reallocated', 'held'))
);
--> statement-breakpoint
ALTER TABLE "stock_lots" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD COLUMN "hold_lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD COLUMN "hold_lifted_by" uuid;--> statement-breakpoint
ALTER TABLE "recall_order_lines" ADD CONSTRAINT "recall_order_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_order_lines" ADD CONSTRAINT "recall_order_lines_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_order_lines_order_item_idx" ON "recall_order_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "recall_order_lines_lot_idx" ON "recall_order_lines" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_order_lines_open_once" ON "recall_order_lines" USING btree ("order_item_id","lot_id") WHERE "recall_order_lines"."outcome" = 'held' and "recall_order_lines"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_held_by_profiles_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_hold_lifted_by_profiles_id_fk" FOREIGN KEY ("hold_lifted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_hold_reason_length" CHECK ("stock_lots"."hold_reason" is null or char_length("stock_lots"."hold_reason") <= 200);--> statement-breakpoint
-- Hand-written (docs/decisions/067): a lot put on hold or released changes which lot ships next,
-- so its product's page is announced as for an expiry change, even when the stock figure is not.
DROP TRIGGER IF EXISTS stock_lots_storefront_changed ON stock_lots;
--> statement-breakpoint
CREATE TRIGGER stock_lots_storefront_changed
AFTER UPDATE OF expires_on, held_at OR DELETE ON stock_lots
FOR EACH ROW EXECUTE FUNCTION notify_stock_lot_changed();
