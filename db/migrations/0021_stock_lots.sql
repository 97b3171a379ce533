-- Stock in lots (docs/decisions/059): batches with their dates, a ledger of every movement, and
-- the lots each order line was filled from. What each size holds today becomes its opening lot,
-- recorded in the ledger as opening stock, so a shop that enters no batches sells as before.
CREATE TABLE "order_item_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"lot_id" uuid,
	"batch_number" text,
	"expires_on" date,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_lots_quantity_positive" CHECK ("order_item_lots"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"batch_number" text,
	"manufactured_on" date,
	"expires_on" date,
	"quantity_received" integer NOT NULL,
	"quantity_left" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	CONSTRAINT "stock_lots_quantity_left_non_negative" CHECK ("stock_lots"."quantity_left" >= 0),
	CONSTRAINT "stock_lots_quantity_received_non_negative" CHECK ("stock_lots"."quantity_received" >= 0),
	CONSTRAINT "stock_lots_batch_number_format" CHECK ("stock_lots"."batch_number" is null or char_length("stock_lots"."batch_number") between 1 and 40),
	CONSTRAINT "stock_lots_expiry_after_manufacture" CHECK ("stock_lots"."manufactured_on" is null or "stock_lots"."expires_on" is null or "stock_lots"."expires_on" > "stock_lots"."manufactured_on")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"order_item_id" uuid,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_non_zero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('opening', 'received', 'sold', 'restocked', 'adjusted', 'written_off')),
	CONSTRAINT "stock_movements_note_length" CHECK ("stock_movements"."note" is null or char_length("stock_movements"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "min_shelf_life_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "manufacturing_licence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_received_by_profiles_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_lots_order_item_idx" ON "order_item_lots" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_item_lots_lot_idx" ON "order_item_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "order_item_lots_batch_idx" ON "order_item_lots" USING btree (lower("batch_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_batch_unique" ON "stock_lots" USING btree ("variant_id",lower("batch_number")) WHERE "stock_lots"."batch_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_opening_unique" ON "stock_lots" USING btree ("variant_id") WHERE "stock_lots"."batch_number" is null;--> statement-breakpoint
CREATE INDEX "stock_lots_variant_expiry_idx" ON "stock_lots" USING btree ("variant_id","expires_on");--> statement-breakpoint
CREATE INDEX "stock_lots_batch_idx" ON "stock_lots" USING btree (lower("batch_number"));--> statement-breakpoint
CREATE INDEX "stock_movements_lot_idx" ON "stock_movements" USING btree ("lot_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_item_idx" ON "stock_movements" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_min_shelf_life_range" CHECK ("settings"."min_shelf_life_days" between 0 and 1095);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_manufacturing_licence_length" CHECK (char_length("settings"."manufacturing_licence") <= 60);--> statement-breakpoint
INSERT INTO "stock_lots" ("variant_id", "batch_number", "quantity_received", "quantity_left", "received_at")
SELECT "id", NULL, "stock_quantity", "stock_quantity", "created_at" FROM "product_variants";--> statement-breakpoint
INSERT INTO "stock_movements" ("lot_id", "variant_id", "quantity", "reason", "note", "created_at")
SELECT "id", "variant_id", "quantity_left", 'opening', 'Opening stock', "received_at" FROM "stock_lots" WHERE "quantity_left" > 0;
--> statement-breakpoint
-- Hand-written (docs/decisions/059): every size made from now on, by the product form, the demo
-- catalog or a direct insert, gets its opening lot holding the stock it was made with, recorded
-- in the ledger, so a size's lots and ledger agree from its first moment.
CREATE OR REPLACE FUNCTION open_stock_lot() RETURNS trigger AS $$
DECLARE
  lot uuid;
BEGIN
  INSERT INTO stock_lots (variant_id, batch_number, quantity_received, quantity_left)
  VALUES (NEW.id, NULL, NEW.stock_quantity, NEW.stock_quantity)
  RETURNING id INTO lot;
  IF NEW.stock_quantity > 0 THEN
    INSERT INTO stock_movements (lot_id, variant_id, quantity, reason, note)
    VALUES (lot, NEW.id, NEW.stock_quantity, 'opening', 'Opening stock');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_open_stock_lot
AFTER INSERT ON product_variants
FOR EACH ROW EXECUTE FUNCTION open_stock_lot();
--> statement-breakpoint
-- The product page shows the expiry of the lot that ships next: a lot whose expiry changes, or
-- that is deleted, changes its product's page even when the size's stock figure does not.
CREATE OR REPLACE FUNCTION notify_stock_lot_changed() RETURNS trigger AS $$
DECLARE
  product uuid;
BEGIN
  SELECT product_id INTO product FROM product_variants WHERE id = COALESCE(NEW.variant_id, OLD.variant_id);
  IF product IS NOT NULL THEN
    PERFORM pg_notify('storefront_changed', 'product:' || product);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stock_lots_storefront_changed
AFTER UPDATE OF expires_on OR DELETE ON stock_lots
FOR EACH ROW EXECUTE FUNCTION notify_stock_lot_changed();
