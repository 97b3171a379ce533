/**
 * Migration 0020 makes every product a product with one pack size (docs/decisions/056), on a
 * database migrated to 0019 holding the demo catalog as a shop would have it (prices, discounts,
 * stock, a sold-out product, hidden ones), carts, a wishlist and orders, one of whose products was
 * deleted since, and slugs no form would make.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProducts } from "../../db/seed/catalog-data";
import { DATABASE_KIND } from "./support/database";
import { databaseAtMigration, type Run } from "./support/migrations";

let run: Run;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ run, migrateAll, close } = await databaseAtMigration(19));
}, 180_000);
afterAll(() => close?.());

type Product = { id: string; slug: string; price: number; discount: number | null; stock: number };

async function insertProduct(
  slug: string,
  values: { price: number; discount?: number | null; stock: number; status?: string },
): Promise<Product> {
  const [row] = await run(
    `insert into products (slug, name, price, discount_price, stock_quantity, status, created_at)
     values ($1, $2, $3, $4, $5, $6, now() - interval '1 day') returning id`,
    [
      slug,
      `Product ${slug}`,
      values.price,
      values.discount ?? null,
      values.stock,
      values.status ?? "published",
    ],
  );
  return {
    id: row!.id as string,
    slug,
    price: values.price,
    discount: values.discount ?? null,
    stock: values.stock,
  };
}

async function insertOrder(
  userId: string,
  lines: { productId: string | null; quantity: number }[],
) {
  const [order] = await run(
    `insert into orders (user_id, order_number, subtotal, total, shipping_address, status)
     values ($1, $2, 10000, 10000, '{}'::jsonb, 'delivered') returning id`,
    [userId, `ORD-MIGRATION-${randomUUID().slice(0, 8)}`],
  );
  for (const line of lines) {
    await run(
      `insert into order_items (order_id, product_id, product_name, hsn_code, gst_rate, quantity, unit_price, total_price)
       values ($1, $2, 'Sold before sizes', '3004', 5, $3, 5000, $4)`,
      [order!.id, line.productId, line.quantity, 5000 * line.quantity],
    );
  }
  return order!.id as string;
}

describe(`migration 0020 (pack sizes) on ${DATABASE_KIND}`, () => {
  it("gives every product one size with its price, discount and stock, and points carts and orders at it", async () => {
    const catalog: Product[] = [];
    for (const product of seedProducts) {
      catalog.push(
        await insertProduct(product.slug, {
          price: product.price,
          discount: product.discountPrice,
          stock: product.stockQuantity,
        }),
      );
    }
    const soldOut = await insertProduct("sold-out-kadha", { price: 9900, stock: 0 });
    const draft = await insertProduct("draft-rasayana", {
      price: 19900,
      stock: 3,
      status: "draft",
    });
    // Slugs written straight into the table, not by the form: odd characters, a leading hyphen,
    // two that differ only in case, and one with no letter or digit at all.
    const odd = await insertProduct("amla & ghee (500 g)", { price: 35000, stock: 4 });
    const leading = await insertProduct("--kumkumadi-lepa", { price: 15000, stock: 7 });
    const clash = await insertProduct("--brahmi-vati", { price: 15500, stock: 6 });
    const upper = await insertProduct("Tulsi-Drops", { price: 12000, stock: 9 });
    const lower = await insertProduct("tulsi-drops", { price: 12500, stock: 8 });
    const symbols = await insertProduct("!!!", { price: 1000, stock: 1 });

    const [customer] = await run(
      `insert into profiles (full_name, email) values ('Asha Patil', $1) returning id`,
      [`asha.${randomUUID()}@gmail.com`],
    );
    const userId = customer!.id as string;
    const [cart] = await run(`insert into carts (user_id) values ($1) returning id`, [userId]);
    const first = catalog[0]!;
    const second = catalog[1]!;
    await run(
      `insert into cart_items (cart_id, product_id, quantity) values ($1, $2, 2), ($1, $3, 1)`,
      [cart!.id, first.id, soldOut.id],
    );
    await run(`insert into wishlist (user_id, product_id) values ($1, $2)`, [userId, second.id]);
    const kept = await insertOrder(userId, [
      { productId: first.id, quantity: 3 },
      { productId: odd.id, quantity: 1 },
    ]);
    const gone = await insertProduct("discontinued-taila", { price: 22000, stock: 2 });
    const withGone = await insertOrder(userId, [{ productId: gone.id, quantity: 1 }]);
    // A deleted product leaves its order lines with no product.
    await run(`delete from products where id = $1`, [gone.id]);

    await migrateAll();

    const sizes = await run(
      `select product_id, label, sku, price, discount_price, stock_quantity, sort_order, archived_at, weight_grams
       from product_variants`,
    );
    const everyProduct = [...catalog, soldOut, draft, odd, leading, clash, upper, lower, symbols];
    expect(sizes).toHaveLength(everyProduct.length);
    const byProduct = new Map(sizes.map((size) => [size.product_id, size]));
    for (const product of everyProduct) {
      expect(byProduct.get(product.id), product.slug).toMatchObject({
        label: "",
        price: product.price,
        discount_price: product.discount,
        stock_quantity: product.stock,
        sort_order: 0,
        archived_at: null,
        weight_grams: null,
      });
    }
    // A slug the form made is the SKU as it is; others are made SKUs, unique whatever the case.
    for (const product of [...catalog, soldOut, draft]) {
      expect(byProduct.get(product.id)!.sku).toBe(product.slug);
    }
    expect(byProduct.get(odd.id)!.sku).toBe("amla-ghee-500-g-");
    expect(byProduct.get(leading.id)!.sku).toBe("kumkumadi-lepa");
    // Cleaned, it is the demo Brahmi Vati's slug, made earlier: it takes part of its own id.
    expect(byProduct.get(clash.id)!.sku).toBe(`brahmi-vati-${clash.id.slice(0, 8)}`);
    // Two slugs that differ only in case: the earlier keeps its slug, the other takes part of its
    // own id. Both were made in the same instant here, so either may be the earlier.
    const tulsi = [upper, lower];
    const keptSlug = tulsi.filter((product) => byProduct.get(product.id)!.sku === product.slug);
    expect(keptSlug).toHaveLength(1);
    const renamed = tulsi.find((product) => product !== keptSlug[0])!;
    expect(byProduct.get(renamed.id)!.sku).toBe(`${renamed.slug}-${renamed.id.slice(0, 8)}`);
    expect(byProduct.get(symbols.id)!.sku).toBe(`P-${symbols.id.slice(0, 8)}`);

    const columns = await run(
      `select column_name from information_schema.columns
       where table_name = 'products' and column_name in ('price', 'discount_price', 'stock_quantity')`,
    );
    expect(columns).toEqual([]);

    const cartLines = await run(
      `select v.product_id, ci.quantity from cart_items ci join product_variants v on v.id = ci.variant_id
       order by ci.quantity desc`,
    );
    expect(cartLines).toEqual([
      { product_id: first.id, quantity: 2 },
      { product_id: soldOut.id, quantity: 1 },
    ]);
    expect(await run(`select product_id from wishlist`)).toEqual([{ product_id: second.id }]);

    const lines = await run(
      `select oi.order_id, oi.product_id, oi.quantity, oi.variant_label, oi.sku, v.product_id as size_of
       from order_items oi left join product_variants v on v.id = oi.variant_id
       order by oi.order_id, oi.quantity desc`,
    );
    expect(lines.filter((line) => line.order_id === kept)).toEqual([
      {
        order_id: kept,
        product_id: first.id,
        quantity: 3,
        variant_label: "",
        sku: first.slug,
        size_of: first.id,
      },
      {
        order_id: kept,
        product_id: odd.id,
        quantity: 1,
        variant_label: "",
        sku: "amla-ghee-500-g-",
        size_of: odd.id,
      },
    ]);
    expect(lines.filter((line) => line.order_id === withGone)).toEqual([
      {
        order_id: withGone,
        product_id: null,
        quantity: 1,
        variant_label: "",
        sku: null,
        size_of: null,
      },
    ]);
  });

  it("keeps the rules the product's columns had on its sizes", async () => {
    const [product] = await run(
      `insert into products (slug, name) values ('after-sizes', 'After Sizes') returning id`,
    );
    await expect(
      run(
        `insert into product_variants (product_id, sku, price, stock_quantity) values ($1, 'AFTER-1', 100, -1)`,
        [product!.id],
      ),
    ).rejects.toThrow(/product_variants_stock_non_negative/);
    await expect(
      run(
        `insert into product_variants (product_id, sku, price, discount_price) values ($1, 'AFTER-2', 100, 100)`,
        [product!.id],
      ),
    ).rejects.toThrow(/product_variants_discount_price_range/);
    await expect(
      run(
        `insert into product_variants (product_id, sku, price) values ($1, 'MAULI-SHATAVARYADI-KALPA', 100)`,
        [product!.id],
      ),
    ).rejects.toThrow(/product_variants_sku_unique/);
  });
});
