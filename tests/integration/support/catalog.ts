import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/lib/db.server";
import { setSellableStock } from "~/modules/inventory/lots.server";
import { categories, products, productVariants } from "../../../db/schema";

/** What a product's one pack size holds (docs/decisions/056), given beside the product's fields. */
type SizeOverrides = {
  price?: number;
  discountPrice?: number | null;
  stockQuantity?: number;
  sku?: string;
  label?: string;
  weightGrams?: number | null;
};

type ProductOverrides = Partial<typeof products.$inferInsert> & SizeOverrides & { name: string };

let counter = 0;

/** A product with empty searchable fields unless overridden (without its size's fields). */
export function productRow(overrides: ProductOverrides): typeof products.$inferInsert {
  counter += 1;
  const {
    price: _price,
    discountPrice: _discountPrice,
    stockQuantity: _stockQuantity,
    sku: _sku,
    label: _label,
    weightGrams: _weightGrams,
    ...product
  } = overrides;
  return {
    slug: `${overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${counter}`,
    description: "",
    detailedDescription: "",
    ingredients: "",
    benefits: "",
    ayurvedicProperties: "",
    dosageInstructions: "Take after meals",
    ...product,
  };
}

/**
 * Products with one pack size each (₹100, 10 in stock, its SKU the slug unless overridden).
 * Each returned row carries its size's id (`variantId`), SKU, price and stock beside the product.
 */
export async function insertProducts(database: Database, rows: ProductOverrides[]) {
  const inserted = await database.insert(products).values(rows.map(productRow)).returning();
  const sizes = await database
    .insert(productVariants)
    .values(
      inserted.map((product, index) => ({
        productId: product.id,
        label: rows[index]!.label ?? "",
        sku: rows[index]!.sku ?? product.slug,
        price: rows[index]!.price ?? 10000,
        discountPrice: rows[index]!.discountPrice ?? null,
        stockQuantity: rows[index]!.stockQuantity ?? 10,
        weightGrams: rows[index]!.weightGrams ?? null,
      })),
    )
    .returning();
  return inserted.map((product) => {
    const size = sizes.find((row) => row.productId === product.id)!;
    return {
      ...product,
      variantId: size.id,
      sku: size.sku,
      price: size.price,
      discountPrice: size.discountPrice,
      stockQuantity: size.stockQuantity,
    };
  });
}

/** Another pack size of a product, after its others unless `sortOrder` says otherwise. */
export async function addSize(
  database: Database,
  productId: string,
  size: SizeOverrides & { label: string; sku: string; sortOrder?: number },
) {
  const [{ next } = { next: 0 }] = await database
    .select({ next: sql<number>`coalesce(max(${productVariants.sortOrder}) + 1, 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const [row] = await database
    .insert(productVariants)
    .values({
      productId,
      price: 10000,
      stockQuantity: 10,
      sortOrder: next,
      ...size,
    })
    .returning();
  return row!;
}

/** The product's first pack size: the only one of a product made by insertProducts. */
export async function firstSizeId(executor: Executor, productId: string) {
  const [size] = await executor
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id))
    .limit(1);
  return size!.id;
}

/**
 * Sets the stock of a product's only size (or of the size given, or of each of a product's
 * sizes) as the product form does: an adjustment of its opening lot, recorded in the ledger.
 */
export async function setStock(
  executor: Executor,
  target: { productId: string } | { variantId: string },
  stockQuantity: number,
) {
  const sizes = await executor
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      "variantId" in target
        ? eq(productVariants.id, target.variantId)
        : eq(productVariants.productId, target.productId),
    );
  await executor.transaction(async (tx) => {
    for (const size of sizes) {
      await setSellableStock(tx, { variantId: size.id, stockQuantity, note: "Test stock" });
    }
  });
}

/** The stock of a product's only size (or of the size given). */
export async function stockOf(
  executor: Executor,
  target: { productId: string } | { variantId: string },
) {
  const [row] = await executor
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(
      and(
        "variantId" in target
          ? eq(productVariants.id, target.variantId)
          : eq(productVariants.productId, target.productId),
      ),
    )
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id))
    .limit(1);
  return row?.stock ?? null;
}

export async function insertCategory(database: Database, slug: string, name = slug) {
  const [category] = await database.insert(categories).values({ slug, name }).returning();
  return category!;
}
