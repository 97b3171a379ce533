import type { Database } from "~/lib/db.server";
import { categories, products } from "../../../db/schema";

type ProductOverrides = Partial<typeof products.$inferInsert> & { name: string };

let counter = 0;

/** A product with empty searchable fields unless overridden. */
export function productRow(overrides: ProductOverrides): typeof products.$inferInsert {
  counter += 1;
  return {
    slug: `${overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${counter}`,
    description: "",
    detailedDescription: "",
    ingredients: "",
    benefits: "",
    ayurvedicProperties: "",
    dosageInstructions: "Take after meals",
    price: 10000,
    stockQuantity: 10,
    ...overrides,
  };
}

export async function insertProducts(database: Database, rows: ProductOverrides[]) {
  return database.insert(products).values(rows.map(productRow)).returning();
}

export async function insertCategory(database: Database, slug: string, name = slug) {
  const [category] = await database.insert(categories).values({ slug, name }).returning();
  return category!;
}
