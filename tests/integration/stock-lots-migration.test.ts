/**
 * Migration 0021 (docs/decisions/059) on a database migrated to 0020 holding sizes with stock, a
 * sold-out size and an order placed before lots: each size's stock becomes its opening lot,
 * recorded in the ledger as opening stock, the stock figures stay as they were, and a size made
 * afterwards gets its opening lot from the trigger.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KIND } from "./support/database";
import { databaseAtMigration, type Run } from "./support/migrations";

let run: Run;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ run, migrateAll, close } = await databaseAtMigration(20));
}, 180_000);
afterAll(() => close?.());

async function insertSize(slug: string, stock: number, label = "") {
  const [product] = await run(
    `insert into products (slug, name, status) values ($1, $2, 'published') returning id`,
    [slug, `Product ${slug}`],
  );
  const [size] = await run(
    `insert into product_variants (product_id, label, sku, price, stock_quantity)
     values ($1, $2, $3, 10000, $4) returning id`,
    [product!.id, label, slug, stock],
  );
  return { productId: product!.id as string, variantId: size!.id as string, stock };
}

describe(`migration 0021 (stock lots) on ${DATABASE_KIND}`, () => {
  it("makes each size's stock its opening lot, in the ledger, and opens lots for sizes made later", async () => {
    const stocked = await insertSize("triphala-churna", 40);
    const soldOut = await insertSize("sold-out-kadha", 0);
    const [customer] = await run(
      `insert into profiles (full_name, email) values ('Asha Patil', $1) returning id`,
      [`asha.${randomUUID()}@gmail.com`],
    );
    const [order] = await run(
      `insert into orders (user_id, order_number, subtotal, total, shipping_address, status)
       values ($1, 'ORD-LOTS-1', 10000, 10000, '{}'::jsonb, 'pending') returning id`,
      [customer!.id],
    );
    await run(
      `insert into order_items (order_id, product_id, variant_id, product_name, hsn_code, gst_rate, quantity, unit_price, total_price)
       values ($1, $2, $3, 'Sold before lots', '3004', 5, 2, 5000, 10000)`,
      [order!.id, stocked.productId, stocked.variantId],
    );

    await run(
      `insert into settings (id, shop_name, phone, email, address_line1, city, state, postal_code)
       values (1, 'Satara Ayurveda', '+91 00000 00000', 'care@shop.example', 'Shop address', 'Satara', 'Maharashtra', '415003')
       on conflict do nothing`,
    );

    await migrateAll();

    const lots = await run(
      `select variant_id, batch_number, expires_on, quantity_received, quantity_left from stock_lots order by quantity_left desc`,
    );
    expect(lots).toEqual([
      {
        variant_id: stocked.variantId,
        batch_number: null,
        expires_on: null,
        quantity_received: 40,
        quantity_left: 40,
      },
      {
        variant_id: soldOut.variantId,
        batch_number: null,
        expires_on: null,
        quantity_received: 0,
        quantity_left: 0,
      },
    ]);
    const movements = await run(
      `select variant_id, quantity, reason, order_item_id from stock_movements`,
    );
    expect(movements).toEqual([
      { variant_id: stocked.variantId, quantity: 40, reason: "opening", order_item_id: null },
    ]);
    const figures = await run(`select id, stock_quantity from product_variants order by id`);
    expect(new Map(figures.map((row) => [row.id, row.stock_quantity]))).toEqual(
      new Map([
        [stocked.variantId, 40],
        [soldOut.variantId, 0],
      ]),
    );
    expect(await run(`select * from order_item_lots`)).toEqual([]);
    const [settings] = await run(
      `select min_shelf_life_days, manufacturing_licence from settings where id = 1`,
    );
    expect(settings).toEqual({ min_shelf_life_days: 90, manufacturing_licence: "" });

    // A size made after the migration, however it is inserted, opens its lot.
    const later = await insertSize("brahmi-vati", 6, "60 tablets");
    const [opened] = await run(
      `select l.quantity_left, m.quantity, m.reason from stock_lots l
       join stock_movements m on m.lot_id = l.id where l.variant_id = $1`,
      [later.variantId],
    );
    expect(opened).toEqual({ quantity_left: 6, quantity: 6, reason: "opening" });
  });
});
