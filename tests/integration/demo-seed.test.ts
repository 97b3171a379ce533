import { asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingLegalDetails } from "~/domain/legal-metrology";
import { expiringSoonBefore, sellableFrom, shopDate } from "~/domain/stock-lots";
import type { DatabaseHandle } from "~/lib/db.server";
import { seedDemoCatalog } from "~/modules/catalog/demo-seed.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import { findLedgerMismatches } from "~/modules/inventory/ledger-check.server";
import {
  applyDemoSettings,
  DEMO_GRIEVANCE_OFFICER,
  DEMO_GSTIN,
  DEMO_MANUFACTURING_LICENCE,
  getSettings,
} from "~/modules/settings/settings.server";
import {
  categories,
  coupons,
  images,
  imageVariants,
  productImages,
  products,
  productVariants,
  profiles,
  reviews,
  settings,
  stockLots,
} from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let firstRun: boolean;

beforeAll(async () => {
  handle = await useTestDatabase();
  firstRun = await seedDemoCatalog(handle.db);
}, 90_000);
afterAll(() => handle.close());

const HOME_PRODUCTS = [
  "Mauli Shatavaryadi Kalpa",
  "Uroflam Syrup",
  "Aceemal Tablet",
  "Arshalit Tablet",
  "Mauderma Tablet",
];

function isWebp(data: Buffer) {
  return (
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  );
}

/** An ISO-BMFF file whose brand is AVIF. */
function isAvif(data: Buffer) {
  return (
    data.subarray(4, 8).toString("latin1") === "ftyp" &&
    data.subarray(8, 12).toString("latin1") === "avif"
  );
}

async function counts() {
  const { db } = handle;
  return {
    categories: await db.$count(categories),
    products: await db.$count(products),
    coupons: await db.$count(coupons),
    reviews: await db.$count(reviews),
    profiles: await db.$count(profiles),
    images: await db.$count(images),
    productImages: await db.$count(productImages),
  };
}

describe(`demo catalog on ${DATABASE_KIND}`, () => {
  it("loads into an empty database", () => {
    expect(firstRun).toBe(true);
  });

  it("has at least 24 products in 8 categories, including the five of the home page", async () => {
    expect(await handle.db.$count(products)).toBeGreaterThanOrEqual(24);
    const slugs = (await handle.db.select({ slug: categories.slug }).from(categories)).map(
      (c) => c.slug,
    );
    expect(slugs).toHaveLength(8);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "immunity-boosters",
        "stress-relief",
        "digestive-health",
        "joint-care",
        "heart-health",
      ]),
    );
    const rows = await handle.db.select({ categoryId: products.categoryId }).from(products);
    expect(rows.every((p) => p.categoryId !== null)).toBe(true);
  });

  it("makes the five home-page products the five newest featured ones", async () => {
    const newestFeatured = await handle.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.isFeatured, true))
      .orderBy(desc(products.createdAt))
      .limit(5);
    expect(newestFeatured.map((p) => p.name).sort()).toEqual([...HOME_PRODUCTS].sort());
  });

  it("has exactly one product out of stock, one size sold out of a product in stock, and at least three at or below the low-stock line", async () => {
    const rows = await handle.db
      .select({
        productId: productVariants.productId,
        label: productVariants.label,
        stock: productVariants.stockQuantity,
      })
      .from(productVariants);
    const soldOut = rows.filter((p) => p.stock === 0);
    expect(soldOut).toHaveLength(2);
    const stockOf = (productId: string) =>
      rows.filter((row) => row.productId === productId).reduce((sum, row) => sum + row.stock, 0);
    expect(soldOut.filter((size) => stockOf(size.productId) === 0)).toHaveLength(1);
    expect(soldOut.find((size) => stockOf(size.productId) > 0)?.label).toBe("500 g");
    expect(rows.filter((p) => p.stock <= 10).length).toBeGreaterThanOrEqual(3);
  });

  it("sells at least a third of its products in two or three named sizes, each with its own SKU and price", async () => {
    const rows = await handle.db
      .select({
        productId: productVariants.productId,
        label: productVariants.label,
        sku: productVariants.sku,
        price: productVariants.price,
      })
      .from(productVariants);
    const byProduct = new Map<string, typeof rows>();
    for (const row of rows)
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    const sized = [...byProduct.values()].filter((sizes) => sizes.length > 1);
    expect(sized.length * 3).toBeGreaterThanOrEqual(byProduct.size);
    for (const sizes of sized) {
      expect(sizes.length).toBeLessThanOrEqual(3);
      expect(sizes.every((size) => size.label !== "")).toBe(true);
      expect(new Set(sizes.map((size) => size.price)).size).toBe(sizes.length);
    }
    expect(new Set(rows.map((row) => row.sku.toLowerCase())).size).toBe(rows.length);
  });

  it("gives every product its full description, properties, certifications and a sound price", async () => {
    const rows = await handle.db.select().from(products);
    for (const p of rows) {
      const label = p.name;
      expect(p.description.trim(), label).not.toBe("");
      expect(p.detailedDescription.trim(), label).not.toBe("");
      expect(p.ingredients.trim(), label).not.toBe("");
      expect(p.benefits.trim(), label).not.toBe("");
      expect(p.dosageInstructions.trim(), label).not.toBe("");
      expect(p.ayurvedicProperties.trim(), label).not.toBe("");
      expect(p.certifications.length, label).toBeGreaterThan(0);
    }
    const sizes = await handle.db
      .select({ name: products.name, size: productVariants })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId));
    expect(new Set(sizes.map((row) => row.name)).size).toBe(rows.length);
    for (const { name: label, size } of sizes) {
      expect(Number.isInteger(size.price) && size.price > 0, label).toBe(true);
      if (size.discountPrice !== null) {
        expect(size.discountPrice, label).toBeGreaterThan(0);
        expect(size.discountPrice, label).toBeLessThan(size.price);
      }
    }
  });

  it("gives every product a primary image stored as real AVIF and WebP at 320, 640 and 1024 px", async () => {
    const rows = await handle.db.select({ id: products.id, name: products.name }).from(products);
    const primaries = await handle.db
      .select()
      .from(productImages)
      .where(eq(productImages.isPrimary, true));
    expect(primaries).toHaveLength(rows.length);
    for (const product of rows) {
      const primary = primaries.find((i) => i.productId === product.id);
      expect(primary, product.name).toBeDefined();
      expect(primary!.imageUrl).toBe(`/images/${primary!.imageId}`);
      const variants = await handle.db
        .select()
        .from(imageVariants)
        .where(eq(imageVariants.imageId, primary!.imageId))
        .orderBy(asc(imageVariants.format), asc(imageVariants.width));
      expect(
        variants.map((v) => `${v.format} ${v.width}`),
        product.name,
      ).toEqual(["avif 320", "avif 640", "avif 1024", "webp 320", "webp 640", "webp 1024"]);
      for (const variant of variants) {
        const label = `${product.name} at ${variant.width}`;
        if (variant.format === "webp") {
          expect(variant.contentType).toBe("image/webp");
          expect(isWebp(variant.data), label).toBe(true);
        } else {
          expect(variant.contentType).toBe("image/avif");
          expect(isAvif(variant.data), label).toBe(true);
        }
      }
    }
  });

  it("has three active coupons and one inactive, with a usage limit and an expiry among the active", async () => {
    const rows = await handle.db.select().from(coupons);
    const active = rows.filter((c) => c.isActive);
    expect(active).toHaveLength(3);
    expect(rows.filter((c) => !c.isActive)).toHaveLength(1);
    expect(active.some((c) => c.usageLimit !== null)).toBe(true);
    expect(active.some((c) => c.expiresAt !== null && c.expiresAt.getTime() > Date.now())).toBe(
      true,
    );
    expect(rows.every((c) => c.usedCount === 0 && c.code === c.code.toUpperCase())).toBe(true);
  });

  it("approves every review and keeps each product's rating and count equal to them", async () => {
    const allReviews = await handle.db.select().from(reviews);
    expect(allReviews.length).toBeGreaterThan(0);
    expect(allReviews.every((r) => r.isApproved)).toBe(true);

    const rows = await handle.db.select().from(products);
    expect(rows.some((p) => p.reviewCount > 0)).toBe(true);
    for (const product of rows) {
      const own = allReviews.filter((r) => r.productId === product.id && r.isApproved);
      const sum = own.reduce((total, r) => total + r.rating, 0);
      const average = own.length ? Math.round((sum * 100) / own.length) / 100 : 0;
      expect(product.reviewCount, product.name).toBe(own.length);
      expect(product.rating, product.name).toBe(average);
    }
  });

  it("stocks every size in dated batches: one expiring soon, one expired and one too near expiry on hand, the ledger whole", async () => {
    const today = shopDate();
    const lots = await handle.db
      .select({
        variantId: stockLots.variantId,
        slug: products.slug,
        label: productVariants.label,
        stock: productVariants.stockQuantity,
        batchNumber: stockLots.batchNumber,
        manufacturedOn: stockLots.manufacturedOn,
        expiresOn: stockLots.expiresOn,
        left: stockLots.quantityLeft,
      })
      .from(stockLots)
      .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(isNotNull(stockLots.batchNumber));
    const sizes = await handle.db.select({ id: productVariants.id }).from(productVariants);
    for (const size of sizes) {
      const batches = lots.filter((lot) => lot.variantId === size.id);
      expect(batches.length).toBeGreaterThanOrEqual(1);
      expect(batches.length).toBeLessThanOrEqual(2);
    }
    for (const lot of lots) {
      expect(lot.batchNumber).toMatch(/^SA-\d{4}-\d{3}$/);
      expect(lot.batchNumber!.slice(3, 7)).toBe(
        `${lot.manufacturedOn!.slice(2, 4)}${lot.manufacturedOn!.slice(5, 7)}`,
      );
      expect(lot.expiresOn! > lot.manufacturedOn!).toBe(true);
    }
    const soon = lots.filter(
      (lot) =>
        lot.expiresOn! >= sellableFrom(today, 90) && lot.expiresOn! < expiringSoonBefore(today, 90),
    );
    expect(soon.map((lot) => [lot.slug, lot.label])).toEqual([
      ["ashwagandha-tablet", "60 tablets"],
    ]);
    const unsellable = lots.filter(
      (lot) => lot.expiresOn! >= today && lot.expiresOn! < sellableFrom(today, 90),
    );
    expect(unsellable.map((lot) => [lot.slug, lot.left, lot.stock])).toEqual([
      ["lasuna-capsule", 6, 0],
    ]);
    const expired = lots.filter((lot) => lot.expiresOn! < today);
    expect(expired.map((lot) => [lot.slug, lot.label, lot.left, lot.stock])).toEqual([
      ["chyawanprash-special", "500 g", 12, 0],
    ]);
    // The bench's product sells from a batch with its expiry shown.
    const triphala = await findProduct(handle.db, "triphala-churna");
    expect(triphala?.stockQuantity).toBeGreaterThan(0);
    expect(triphala?.bestBefore).toMatch(/^Best before [A-Z][a-z]{2} \d{4}$/);
    expect(await findLedgerMismatches(handle.db)).toEqual([]);
  });

  it("gives the demo shop a sample manufacturing licence, keeping an owner's own", async () => {
    await applyDemoSettings(handle.db);
    expect((await getSettings(handle.db)).manufacturingLicence).toBe(DEMO_MANUFACTURING_LICENCE);
    await handle.db.update(settings).set({ manufacturingLicence: "OWN/LIC/1" });
    await applyDemoSettings(handle.db);
    expect((await getSettings(handle.db)).manufacturingLicence).toBe("OWN/LIC/1");
  });

  it("declares every demo size's net quantity and best-before; the medicine with a Schedule E(1) ingredient carries the caution", async () => {
    const rows = await handle.db
      .select({ slug: products.slug, medicalSupervision: products.medicalSupervision })
      .from(products)
      .orderBy(asc(products.slug));
    expect(rows.filter((row) => row.medicalSupervision).map((row) => row.slug)).toEqual([
      "arshalit-tablet",
    ]);
    for (const { slug } of rows) {
      const page = await findProduct(handle.db, slug);
      expect(missingLegalDetails(page!.sizes), slug).toEqual([]);
    }
  });

  it("gives the demo shop a sample GSTIN and grievance officer, keeping an owner's own", async () => {
    await applyDemoSettings(handle.db);
    expect(await getSettings(handle.db)).toMatchObject({
      gstin: DEMO_GSTIN,
      ...DEMO_GRIEVANCE_OFFICER,
    });
    await handle.db
      .update(settings)
      .set({ gstin: "27AAPFU0939F1ZV", grievanceOfficerName: "Meera Kulkarni" });
    await applyDemoSettings(handle.db);
    expect(await getSettings(handle.db)).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      grievanceOfficerName: "Meera Kulkarni",
    });
  });

  it("does nothing when called again: returns false and changes no counts", async () => {
    const before = await counts();
    expect(await seedDemoCatalog(handle.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it("does nothing when only categories exist (a shop whose products were all removed)", async () => {
    const ids = (await handle.db.select({ id: products.id }).from(products)).map((p) => p.id);
    await handle.db.delete(products).where(inArray(products.id, ids));
    expect(await handle.db.$count(products)).toBe(0);
    const categoryCount = await handle.db.$count(categories);
    const couponCount = await handle.db.$count(coupons);
    expect(categoryCount).toBeGreaterThan(0);

    expect(await seedDemoCatalog(handle.db)).toBe(false);
    expect(await handle.db.$count(products)).toBe(0);
    expect(await handle.db.$count(categories)).toBe(categoryCount);
    expect(await handle.db.$count(coupons)).toBe(couponCount);
  });
});
