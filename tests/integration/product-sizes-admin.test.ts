/**
 * docs/decisions/056: the back office edits a product's pack sizes. A one-size product saves as
 * before; a second size is added from the one-size form; with several, each row is checked with
 * the spec's rules on its own fields, a size never ordered can be deleted and one ordered only
 * archived, SKUs are unique across the shop, a product keeps at least one size on sale, and every
 * change of sizes is in the audit log.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "~/domain/validation/product";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  createProduct,
  listAdminProducts,
  ProductAdminError,
  updateProduct,
} from "~/modules/catalog/products-admin.server";
import { listAllSizes } from "~/modules/catalog/size-edits.server";
import { action } from "~/routes/admin/products";
import { auditLog } from "../../db/schema";
import { callRoute, postMultipart, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

function base(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 6);
  return { name: `Chyawanprash ${tag}`, price: "450", stockQuantity: "10", ...overrides, tag };
}

const parse = (input: Record<string, unknown>) => productFormSchema.parse(input);
const issues = (input: Record<string, unknown>) =>
  productFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

/** A product of two sizes (500 g, 1 kg) made from the one-size form with its "Add a size". */
async function twoSizes() {
  const input = base({ label: "500 g" });
  const tag = input.tag;
  const created = await createProduct(
    handle.db,
    admin.id,
    parse({
      ...input,
      sku: `CHY-500-${tag}`,
      newSize: { label: "1 kg", sku: `CHY-1KG-${tag}`, price: "850", stockQuantity: "4" },
    }),
  );
  return { product: created!, tag, sizes: await listAllSizes(handle.db, created!.id) };
}

/** The rows the several-sizes form posts for these stored sizes, with changes. */
function rows(
  sizes: Awaited<ReturnType<typeof listAllSizes>>,
  changes: Record<string, string>[] = [],
) {
  return sizes.map((size, index) => ({
    id: size.id,
    label: size.label,
    sku: size.sku,
    price: String(size.price / 100),
    discountPrice: size.discountPrice === null ? "" : String(size.discountPrice / 100),
    stockQuantity: String(size.stockQuantity),
    weightGrams: size.weightGrams === null ? "" : String(size.weightGrams),
    action: size.archived ? "archive" : "sell",
    ...changes[index],
  }));
}

describe(`the product form's size rules (schema)`, () => {
  it("keeps the spec's fields and messages for a one-size product", () => {
    expect(issues({ name: "Tulsi Drops", price: "", stockQuantity: "" })).toEqual([
      ["price", "Price is required"],
      ["stockQuantity", "Stock quantity is required"],
    ]);
    const value = parse({ name: "Tulsi Drops", price: "249.50", stockQuantity: "30" });
    expect(value.sizes).toEqual([
      expect.objectContaining({ price: 24950, stockQuantity: 30, action: "sell" }),
    ]);
  });

  it("checks each size's price, discount price, stock, weight and SKU on that row's fields", () => {
    const sizes = [
      { label: "60 tablets", sku: "ASH-60", price: "0", stockQuantity: "-1" },
      {
        label: "120 tablets",
        sku: "-bad",
        price: "10,00,001",
        discountPrice: "12.345",
        stockQuantity: "1000001",
        weightGrams: "0",
      },
      {
        label: "240 tablets",
        sku: "ASH-240",
        price: "300",
        discountPrice: "300",
        stockQuantity: "2.5",
      },
    ];
    expect(issues({ name: "Ashwagandha", sizes })).toEqual([
      ["sizes.0.price", "Price must be above ₹0"],
      ["sizes.0.stockQuantity", "Stock must be a whole number of 0 or more"],
      [
        "sizes.1.sku",
        "SKU may hold letters, digits and . _ / - and must start with a letter or digit",
      ],
      ["sizes.1.weightGrams", "Weight must be a whole number of grams above 0"],
      ["sizes.1.price", "Price must be at most ₹10,00,000"],
      [
        "sizes.1.discountPrice",
        "Discount price must be an amount in rupees with at most 2 decimals",
      ],
      ["sizes.1.stockQuantity", "Stock must be at most 10,00,000"],
      ["sizes.2.stockQuantity", "Stock must be a whole number of 0 or more"],
    ]);
    expect(
      issues({
        name: "Ashwagandha",
        sizes: [
          { label: "60", sku: "A-60", price: "300", discountPrice: "300", stockQuantity: "1" },
        ],
      }),
    ).toEqual([["sizes.0.discountPrice", "Discount price must be below the price"]]);
  });

  it("takes the limits: ₹0.01 to ₹10,00,000, stock 0 to 10,00,000, 1 g to 1,00,000 g, a 40-character name, a 160-character SKU", () => {
    const value = parse({
      name: "Ashwagandha",
      sizes: [
        {
          label: "x".repeat(40),
          sku: `A${"1".repeat(159)}`,
          price: "0.01",
          stockQuantity: "0",
          weightGrams: "1",
        },
        {
          label: "big",
          sku: "A/2_b.c-d",
          price: "1000000",
          discountPrice: "999999.99",
          stockQuantity: "1000000",
          weightGrams: "100000",
        },
      ],
    });
    expect(
      value.sizes.map((s) => [s.price, s.discountPrice, s.stockQuantity, s.weightGrams]),
    ).toEqual([
      [1, null, 0, 1],
      [100_000_000, 99_999_999, 1_000_000, 100_000],
    ]);
    expect(
      issues({
        name: "Ashwagandha",
        sizes: [
          {
            label: "x".repeat(41),
            sku: `A${"1".repeat(160)}`,
            price: "1",
            stockQuantity: "0",
            weightGrams: "100001",
          },
          { label: "b", sku: "B", price: "1", stockQuantity: "0" },
        ],
      }),
    ).toEqual([
      ["sizes.0.label", "Size must be at most 40 characters"],
      ["sizes.0.sku", "SKU must be at most 160 characters"],
      ["sizes.0.weightGrams", "Weight must be at most 1,00,000 g"],
    ]);
  });

  it("requires a name and a SKU per size when there are several, names unique, SKUs not repeated", () => {
    expect(
      issues({
        name: "Triphala",
        sizes: [
          { label: "", sku: "TRI-100", price: "100", stockQuantity: "1" },
          { label: "250 g", sku: "", price: "200", stockQuantity: "1" },
        ],
      }),
    ).toEqual([["sizes.1.sku", "SKU is required"]]);
    expect(
      issues({
        name: "Triphala",
        sizes: [
          { label: "", sku: "TRI-100", price: "100", stockQuantity: "1" },
          { label: "250 G", sku: "tri-100", price: "200", stockQuantity: "1" },
          { label: "250 g", sku: "TRI-250", price: "200", stockQuantity: "1" },
        ],
      }),
    ).toEqual([
      ["sizes.0.label", "Each size needs a name when a product has more than one, e.g. 500 g"],
      ["sizes.2.label", 'Two sizes are both called "250 g"'],
      ["sizes.1.sku", 'Two sizes have the SKU "tri-100"'],
    ]);
  });

  it("keeps at least one size on sale, ignores an empty new row and orders rows by position", () => {
    expect(
      issues({
        name: "Triphala",
        sizes: [
          {
            id: randomUUID(),
            label: "100 g",
            sku: "T-1",
            price: "1",
            stockQuantity: "1",
            action: "archive",
          },
        ],
      }),
    ).toEqual([["sizes", "A product needs at least one size on sale"]]);
    const value = parse({
      name: "Triphala",
      sizes: [
        { label: "100 g", sku: "T-100", price: "100", stockQuantity: "1", position: "2" },
        { label: "250 g", sku: "T-250", price: "200", stockQuantity: "1", position: "1" },
        { label: "", sku: "", price: "", stockQuantity: "", position: "3" },
      ],
    });
    expect(value.sizes.map((size) => size.label)).toEqual(["250 g", "100 g"]);
    expect(value.price).toBe(20000);
  });
});

describe(`editing a product's sizes on ${DATABASE_KIND}`, () => {
  it("adds a second size from the one-size form, naming the first", async () => {
    const { sizes, tag } = await twoSizes();
    expect(sizes.map((s) => [s.label, s.sku, s.price, s.stockQuantity, s.archived])).toEqual([
      ["500 g", `CHY-500-${tag}`, 45000, 10, false],
      ["1 kg", `CHY-1KG-${tag}`, 85000, 4, false],
    ]);
  });

  it("a one-size product saves as before: its SKU stays its slug, its figures change", async () => {
    const input = base();
    const created = await createProduct(handle.db, admin.id, parse(input));
    await updateProduct(
      handle.db,
      admin.id,
      created!.id,
      parse({ ...input, price: "460", stockQuantity: "3" }),
    );
    const [only] = await listAllSizes(handle.db, created!.id);
    expect(only).toMatchObject({ label: "", sku: created!.slug, price: 46000, stockQuantity: 3 });
  });

  it("reorders, edits, archives and deletes sizes, and records them in the audit log", async () => {
    const { product, sizes, tag } = await twoSizes();
    const posted = [
      ...rows(sizes, [
        { position: "2", stockQuantity: "0" },
        { position: "1", weightGrams: "1050" },
      ]),
      { label: "250 g", sku: `CHY-250-${tag}`, price: "250", stockQuantity: "6", position: "3" },
    ];
    await updateProduct(
      handle.db,
      admin.id,
      product.id,
      parse({ name: product.name, slug: product.slug, sizes: posted }),
    );
    const after = await listAllSizes(handle.db, product.id);
    expect(after.map((s) => [s.label, s.stockQuantity, s.weightGrams])).toEqual([
      ["1 kg", 4, 1050],
      ["500 g", 0, null],
      ["250 g", 6, null],
    ]);
    // The 250 g size was never ordered: deleted. The 500 g is archived.
    await updateProduct(
      handle.db,
      admin.id,
      product.id,
      parse({
        name: product.name,
        slug: product.slug,
        sizes: rows(after, [{}, { action: "archive" }, { action: "remove" }]),
      }),
    );
    const last = await listAllSizes(handle.db, product.id);
    expect(last.map((s) => [s.label, s.archived])).toEqual([
      ["1 kg", false],
      ["500 g", true],
    ]);
    const [entry] = await handle.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, product.id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    const changes = entry!.changes as { before: { sizes: string[] }; after: { sizes: string[] } };
    expect(changes.before.sizes).toHaveLength(3);
    expect(changes.after.sizes).toEqual([
      `1 kg · SKU CHY-1KG-${tag} · ₹850.00 · stock 4 · 1050 g`,
      `500 g · SKU CHY-500-${tag} · ₹450.00 · stock 0 · archived`,
    ]);
  });

  it("refuses to delete a size that was ordered (archive it instead), and keeps one on sale", async () => {
    const { product, sizes } = await twoSizes();
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [{ variantId: sizes[1]!.id, quantity: 1 }]);
    await orderFor(handle.db, userId);
    const ordered = await listAllSizes(handle.db, product.id);
    const refusal = await updateProduct(
      handle.db,
      admin.id,
      product.id,
      parse({
        name: product.name,
        slug: product.slug,
        sizes: rows(ordered, [{}, { action: "remove" }]),
      }),
    ).catch((error) => error);
    expect(refusal).toBeInstanceOf(ProductAdminError);
    expect(refusal.message).toBe(
      "1 kg has been ordered, so it cannot be deleted. Archive it instead.",
    );
    expect(refusal.field).toBe("sizes[1].action");
    expect((await listAllSizes(handle.db, product.id)).map((s) => s.archived)).toEqual([
      false,
      false,
    ]);
  });

  it("refuses a SKU another product's size has, whatever its case, naming it on the field", async () => {
    const first = await twoSizes();
    const second = await twoSizes();
    const refusal = await updateProduct(
      handle.db,
      admin.id,
      second.product.id,
      parse({
        name: second.product.name,
        slug: second.product.slug,
        sizes: rows(second.sizes, [{}, { sku: first.sizes[1]!.sku.toLowerCase() }]),
      }),
    ).catch((error) => error);
    expect(refusal).toBeInstanceOf(ProductAdminError);
    expect(refusal.message).toBe(
      `The SKU "${first.sizes[1]!.sku.toLowerCase()}" is already used by another size. Choose another SKU.`,
    );
    expect(refusal.field).toBe("sizes[1].sku");
    const created = await createProduct(
      handle.db,
      admin.id,
      parse(
        base({
          newSize: { label: "2", sku: first.sizes[0]!.sku, price: "1", stockQuantity: "1" },
          label: "1",
        }),
      ),
    ).catch((error) => error);
    expect(created.field).toBe("newSize.sku");
  });

  it("shows a refused row's message on the form through the route, saving nothing", async () => {
    const { product, sizes } = await twoSizes();
    const form: Record<string, string> = {
      intent: "update",
      id: product.id,
      name: product.name,
      slug: product.slug,
    };
    rows(sizes, [{}, { price: "0" }]).forEach((row, index) => {
      for (const [key, value] of Object.entries(row)) form[`sizes[${index}].${key}`] = value;
    });
    const response = await callRoute(
      action,
      postMultipart(`/admin/products?edit=${product.id}`, admin.cookies, form),
    );
    expect(JSON.stringify(response)).toContain("Price must be above ₹0");
    expect((await listAllSizes(handle.db, product.id)).map((s) => s.price)).toEqual([45000, 85000]);
  });

  it("saves the rows as a plain form post sends them (no JavaScript), the empty new row ignored", async () => {
    const { product, sizes, tag } = await twoSizes();
    const form: Record<string, string> = {
      intent: "update",
      id: product.id,
      name: product.name,
      slug: product.slug,
    };
    const posted = [
      ...rows(sizes, [{ stockQuantity: "7" }]),
      {
        id: "",
        label: "250 g",
        sku: `CHY-250-${tag}`,
        price: "250",
        discountPrice: "",
        stockQuantity: "2",
        weightGrams: "300",
        position: "0",
      },
      {
        id: "",
        label: "",
        sku: "",
        price: "",
        discountPrice: "",
        stockQuantity: "",
        weightGrams: "",
        position: "4",
      },
    ];
    posted.forEach((row, index) => {
      for (const [key, value] of Object.entries(row)) form[`sizes[${index}].${key}`] = value;
    });
    const response = await callRoute(
      action,
      postMultipart(`/admin/products?edit=${product.id}`, admin.cookies, form),
    );
    expect(response).toMatchObject({ status: 302 });
    const saved = await listAllSizes(handle.db, product.id);
    expect(saved.map((s) => [s.label, s.stockQuantity, s.weightGrams])).toEqual([
      ["250 g", 2, 300],
      ["500 g", 7, null],
      ["1 kg", 4, null],
    ]);
  });
});

describe(`the audit log of a one-size product on ${DATABASE_KIND}`, () => {
  it("lists only the changed figures, the sizes unchanged, as before sizes existed", async () => {
    const input = base();
    const created = await createProduct(handle.db, admin.id, parse(input));
    await updateProduct(
      handle.db,
      admin.id,
      created!.id,
      parse({ ...input, price: "460", stockQuantity: "0" }),
    );
    const [entry] = await handle.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, created!.id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    const changes = entry!.changes as { before: { sizes: string[] }; after: { sizes: string[] } };
    expect(changes.after.sizes).toEqual([`(only size) · SKU ${created!.slug}`]);
    expect(changes.before.sizes).toEqual(changes.after.sizes);
  });
});

describe(`the products list on ${DATABASE_KIND}`, () => {
  it("shows the stock of all sizes on sale and each size's, archived ones left out", async () => {
    const { product, sizes } = await twoSizes();
    const listed = async () =>
      (await listAdminProducts(handle.db, { search: product.name, page: 1 })).items.find(
        (item) => item.id === product.id,
      )!;
    expect(await listed()).toMatchObject({
      price: 45000,
      stockQuantity: 14,
      sizes: [
        { label: "500 g", stock: 10 },
        { label: "1 kg", stock: 4 },
      ],
    });
    await updateProduct(
      handle.db,
      admin.id,
      product.id,
      parse({
        name: product.name,
        slug: product.slug,
        sizes: rows(sizes, [{ action: "archive" }]),
      }),
    );
    expect(await listed()).toMatchObject({
      stockQuantity: 4,
      sizes: [{ label: "1 kg", stock: 4 }],
    });
  });
});
