import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "~/domain/validation/product";
import type { DatabaseHandle } from "~/lib/db.server";
import { listFeaturedProducts } from "~/modules/catalog/listing.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import {
  createProduct,
  deleteProduct,
  listAdminProducts,
  moveImage,
  ProductAdminError,
  removeImage,
  setPrimaryImage,
  updateProduct,
} from "~/modules/catalog/products-admin.server";
import { action, loader } from "~/routes/admin/products";
import {
  auditLog,
  cartItems,
  categories,
  images,
  imageVariants,
  orderItems,
  orders,
  productImages,
  products,
  productVariants,
  reviews,
  wishlistItems,
} from "../../db/schema";
import { callRoute, getPage, png, postMultipart, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { firstSizeId, insertCategory } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

const NOT_AN_IMAGE = { name: "notes.txt", data: Buffer.from("not a picture\n".repeat(50)) };

let unique = 0;
/** Form input for a product with a name no other test uses. */
function fields(overrides: Record<string, string> = {}) {
  unique += 1;
  return {
    name: `Tulsi Drops ${unique} ${randomUUID().slice(0, 6)}`,
    price: "249.50",
    stockQuantity: "30",
    ...overrides,
  };
}
const values = (input: Record<string, string> = {}) => productFormSchema.parse(fields(input));

async function rowCounts() {
  const db = handle.db;
  return {
    products: await db.$count(products),
    productImages: await db.$count(productImages),
    images: await db.$count(images),
    variants: await db.$count(imageVariants),
    audit: await db.$count(auditLog),
  };
}

async function auditFor(entityId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(asc(auditLog.createdAt));
}

async function galleryOf(productId: string) {
  return handle.db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder));
}

/** The product with its only pack size's price and stock (the ones the form edits). */
async function productBySlug(slug: string) {
  const [row] = await handle.db
    .select({
      product: products,
      price: productVariants.price,
      discountPrice: productVariants.discountPrice,
      stockQuantity: productVariants.stockQuantity,
      sku: productVariants.sku,
      label: productVariants.label,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.slug, slug));
  if (!row) return undefined;
  const { product, ...size } = row;
  return { ...product, ...size };
}

describe(`product administration services on ${DATABASE_KIND}`, () => {
  it("creates a product in paise with its uploaded images as AVIF and WebP variants, the first primary, and an audit entry", async () => {
    const category = await insertCategory(handle.db, `tonics-${randomUUID().slice(0, 6)}`);
    const input = values({
      name: "Tulsi Ark Drops",
      slug: "",
      discountPrice: "199",
      categoryId: category.id,
      certifications: "GMP Certified\nAYUSH Licensed",
      isFeatured: "on",
      hsnCode: "30049011",
      gstRate: "12",
      description: "Holy basil drops",
    });
    const created = await createProduct(handle.db, admin.id, input, [
      { name: "front.png", data: await png(800, 600) },
      {
        name: "back.jpg",
        data: await sharp(await png(300, 300))
          .jpeg()
          .toBuffer(),
      },
    ]);
    expect(created).toMatchObject({
      name: "Tulsi Ark Drops",
      slug: "tulsi-ark-drops",
      price: 24950,
      discountPrice: 19900,
      stockQuantity: 30,
      categoryId: category.id,
      certifications: ["GMP Certified", "AYUSH Licensed"],
      isFeatured: true,
      hsnCode: "30049011",
      gstRate: 12,
    });
    const gallery = await galleryOf(created!.id);
    expect(gallery.map((g) => [g.isPrimary, g.sortOrder, g.alt])).toEqual([
      [true, 0, "Tulsi Ark Drops"],
      [false, 1, "Tulsi Ark Drops"],
    ]);
    expect(gallery[0]!.imageUrl).toBe(`/images/${gallery[0]!.imageId}`);
    const variants = await handle.db
      .select({
        imageId: imageVariants.imageId,
        width: imageVariants.width,
        format: imageVariants.format,
      })
      .from(imageVariants)
      .where(
        inArray(
          imageVariants.imageId,
          gallery.map((g) => g.imageId),
        ),
      );
    const widthsOf = (imageId: string, format: string) =>
      variants
        .filter((v) => v.imageId === imageId && v.format === format)
        .map((v) => v.width)
        .sort((a, b) => a - b);
    for (const format of ["avif", "webp"]) {
      expect(widthsOf(gallery[0]!.imageId, format)).toEqual([320, 640, 800]);
      expect(widthsOf(gallery[1]!.imageId, format)).toEqual([300]);
    }

    const [entry] = await auditFor(created!.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "create", entity: "product" });
    expect(entry?.changes).toMatchObject({
      slug: "tulsi-ark-drops",
      price: 24950,
      addedImages: gallery.map((g) => g.imageId),
    });

    // The storefront shows it with its primary image.
    const detail = await findProduct(handle.db, "tulsi-ark-drops");
    expect(detail?.images.map((i) => i.imageId)).toEqual(gallery.map((g) => g.imageId));
    expect(detail?.categoryName).toBe(category.name);
    const featured = await listFeaturedProducts(handle.db, 50);
    const primaryPath = featured.find((p) => p.id === created!.id)?.imagePath;
    expect(primaryPath).toMatch(new RegExp(`^/images/${gallery[0]!.imageId}/[0-9a-f]{16}$`));
    expect(detail?.images[0]?.path).toBe(primaryPath);
  });

  it("refuses a slug that is taken, with a clear message, and writes nothing", async () => {
    const first = await createProduct(handle.db, admin.id, values({ slug: "brahmi-vati" }));
    const before = await rowCounts();
    await expect(
      createProduct(handle.db, admin.id, values({ slug: "Brahmi Vati" }), [
        { name: "a.png", data: await png() },
      ]),
    ).rejects.toThrow(
      new ProductAdminError(
        'A product with the slug "brahmi-vati" already exists. Choose another slug.',
        "slug",
      ),
    );
    const other = await createProduct(handle.db, admin.id, values());
    const afterOther = await rowCounts();
    await expect(
      updateProduct(handle.db, admin.id, other!.id, values({ slug: "brahmi-vati" })),
    ).rejects.toThrow(/slug "brahmi-vati" already exists/);
    expect(await rowCounts()).toEqual(afterOther);
    expect(afterOther.products).toBe(before.products + 1);
    expect((await productBySlug("brahmi-vati"))?.id).toBe(first!.id);
  });

  it("refuses an upload that is not an image, too large, or too many, and writes nothing", async () => {
    const before = await rowCounts();
    await expect(
      createProduct(handle.db, admin.id, values(), [
        { name: "front.png", data: await png() },
        NOT_AN_IMAGE,
      ]),
    ).rejects.toThrow(
      new ProductAdminError("Could not upload notes.txt: the file is not an image", "images"),
    );
    await expect(
      createProduct(handle.db, admin.id, values(), [
        { name: "huge.png", data: Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]) },
      ]),
    ).rejects.toThrow(new ProductAdminError("huge.png is larger than 5 MB", "images"));
    const nine = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => ({ name: `${i}.png`, data: await png(20, 20) })),
    );
    await expect(createProduct(handle.db, admin.id, values(), nine)).rejects.toThrow(
      new ProductAdminError("Upload at most 8 images at a time", "images"),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("updates every field, appends new images after the current ones, and keeps before and after in the audit log", async () => {
    const created = await createProduct(handle.db, admin.id, values({ name: "Giloy Juice" }), [
      { name: "one.png", data: await png() },
    ]);
    const id = created!.id;
    const updated = await updateProduct(
      handle.db,
      admin.id,
      id,
      values({
        name: "Giloy Ghan Juice",
        slug: "giloy-ghan-juice",
        price: "300",
        discountPrice: "",
        stockQuantity: "0",
        ingredients: "Giloy",
        benefits: "Immunity",
        dosageInstructions: "20 ml twice a day",
        ayurvedicProperties: "Tikta",
      }),
      [{ name: "two.png", data: await png(200, 200) }],
    );
    expect(updated).toMatchObject({
      name: "Giloy Ghan Juice",
      slug: "giloy-ghan-juice",
      price: 30000,
      discountPrice: null,
      stockQuantity: 0,
      ingredients: "Giloy",
      dosageInstructions: "20 ml twice a day",
    });
    const gallery = await galleryOf(id);
    expect(gallery.map((g) => [g.isPrimary, g.sortOrder])).toEqual([
      [true, 0],
      [false, 1],
    ]);
    // Pictures described by the old name now carry the new one.
    expect(gallery.map((g) => g.alt)).toEqual(["Giloy Ghan Juice", "Giloy Ghan Juice"]);
    const entries = await auditFor(id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]?.changes).toMatchObject({
      before: { name: "Giloy Juice", price: 24950, stockQuantity: 30 },
      after: { name: "Giloy Ghan Juice", price: 30000, stockQuantity: 0 },
      addedImages: [gallery[1]!.imageId],
    });
    expect(entries[1]?.changes).not.toHaveProperty("before.searchText");
  });

  it("chooses the primary image, reorders and removes images, each with an audit entry", async () => {
    const created = await createProduct(handle.db, admin.id, values(), [
      { name: "a.png", data: await png(100, 100, { r: 255, g: 0, b: 0 }) },
      { name: "b.png", data: await png(100, 100, { r: 0, g: 255, b: 0 }) },
      { name: "c.png", data: await png(100, 100, { r: 0, g: 0, b: 255 }) },
    ]);
    const id = created!.id;
    const [a, b, c] = await galleryOf(id);
    const order = async () => (await galleryOf(id)).map((g) => g.imageId);
    const primary = async () => (await galleryOf(id)).filter((g) => g.isPrimary);

    await setPrimaryImage(handle.db, admin.id, id, b!.id);
    expect((await primary()).map((g) => g.id)).toEqual([b!.id]);
    // The storefront shows the primary picture first, on cards and on the product page.
    expect((await findProduct(handle.db, id))?.images[0]?.imageId).toBe(b!.imageId);

    await moveImage(handle.db, admin.id, id, c!.id, "up");
    expect(await order()).toEqual([a!.imageId, c!.imageId, b!.imageId]);
    await moveImage(handle.db, admin.id, id, a!.id, "down");
    expect(await order()).toEqual([c!.imageId, a!.imageId, b!.imageId]);
    // At either end nothing moves and nothing is recorded.
    const entriesBefore = (await auditFor(id)).length;
    await moveImage(handle.db, admin.id, id, c!.id, "up");
    await moveImage(handle.db, admin.id, id, b!.id, "down");
    expect(await order()).toEqual([c!.imageId, a!.imageId, b!.imageId]);
    expect((await galleryOf(id)).map((g) => g.sortOrder)).toEqual([0, 1, 2]);
    expect(await auditFor(id)).toHaveLength(entriesBefore);

    // Removing the primary picture deletes its variants and makes the first remaining primary.
    await removeImage(handle.db, admin.id, id, b!.id);
    expect(await order()).toEqual([c!.imageId, a!.imageId]);
    expect((await primary()).map((g) => g.id)).toEqual([c!.id]);
    expect(await handle.db.$count(images, eq(images.id, b!.imageId))).toBe(0);
    expect(await handle.db.$count(imageVariants, eq(imageVariants.imageId, b!.imageId))).toBe(0);
    await removeImage(handle.db, admin.id, id, a!.id);
    expect((await galleryOf(id)).map((g) => [g.imageId, g.isPrimary, g.sortOrder])).toEqual([
      [c!.imageId, true, 0],
    ]);

    const entries = await auditFor(id);
    expect(entries.map((e) => e.action)).toEqual([
      "create",
      "update",
      "update",
      "update",
      "update",
      "update",
    ]);
    expect(entries[1]?.changes).toEqual({
      primaryImage: { before: a!.imageId, after: b!.imageId },
    });
    expect(entries[4]?.changes).toMatchObject({
      removedImage: b!.imageId,
      primaryImage: c!.imageId,
    });

    await expect(removeImage(handle.db, admin.id, id, b!.id)).rejects.toThrow(
      new ProductAdminError("This image no longer exists"),
    );
    // An image of another product is not this product's to change.
    const other = await createProduct(handle.db, admin.id, values(), [
      { name: "x.png", data: await png() },
    ]);
    const [otherImage] = await galleryOf(other!.id);
    await expect(setPrimaryImage(handle.db, admin.id, id, otherImage!.id)).rejects.toThrow(
      ProductAdminError,
    );
  });

  it("keeps a gallery to 12 images", async () => {
    const eight = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({ name: `${i}.png`, data: await png(20, 20) })),
    );
    const created = await createProduct(handle.db, admin.id, values(), eight);
    const before = await rowCounts();
    await expect(
      updateProduct(handle.db, admin.id, created!.id, values(), eight.slice(0, 5)),
    ).rejects.toThrow(
      new ProductAdminError("A product can have at most 12 images (it has 8)", "images"),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("deletes a product never ordered, with its pictures, cart and wishlist lines", async () => {
    const created = await createProduct(
      handle.db,
      admin.id,
      values({ name: "Ashoka Syrup", price: "180" }),
      [{ name: "a.png", data: await png() }],
    );
    const id = created!.id;
    const [imageId] = (await galleryOf(id)).map((g) => g.imageId);
    const variantId = await firstSizeId(handle.db, id);
    const [shopper] = await insertCustomers(handle.db, 1);
    await fillCart(handle.db, shopper!, [{ productId: id, quantity: 1 }]);
    await handle.db.insert(wishlistItems).values({ userId: shopper!, productId: id });

    expect(await deleteProduct(handle.db, admin.id, id)).toEqual({
      name: "Ashoka Syrup",
      outcome: "deleted",
    });

    expect(await handle.db.$count(products, eq(products.id, id))).toBe(0);
    expect(await handle.db.$count(cartItems, eq(cartItems.variantId, variantId))).toBe(0);
    expect(await handle.db.$count(wishlistItems, eq(wishlistItems.productId, id))).toBe(0);
    expect(await handle.db.$count(productImages, eq(productImages.productId, id))).toBe(0);
    expect(await handle.db.$count(images, eq(images.id, imageId!))).toBe(0);
    expect(await handle.db.$count(imageVariants, eq(imageVariants.imageId, imageId!))).toBe(0);
    const entries = await auditFor(id);
    expect(entries.at(-1)).toMatchObject({ action: "delete", actorId: admin.id });
    expect(entries.at(-1)?.changes).toMatchObject({
      before: { name: "Ashoka Syrup", price: 18000 },
      removedImages: [imageId],
    });
    await expect(deleteProduct(handle.db, admin.id, id)).rejects.toThrow(
      new ProductAdminError("This product no longer exists"),
    );
  });

  it("archives a product that was ordered instead of deleting it, keeping its reviews and order", async () => {
    const created = await createProduct(
      handle.db,
      admin.id,
      values({ name: "Ashoka Tablets", price: "180" }),
      [{ name: "a.png", data: await png() }],
    );
    const id = created!.id;
    const variantId = await firstSizeId(handle.db, id);
    const [buyer, shopper] = await insertCustomers(handle.db, 2);
    await fillCart(handle.db, buyer!, [{ productId: id, quantity: 2 }]);
    const placed = await orderFor(handle.db, buyer!);
    await handle.db
      .insert(reviews)
      .values({ productId: id, userId: buyer!, rating: 5, comment: "Helped", isApproved: true });
    await fillCart(handle.db, shopper!, [{ productId: id, quantity: 1 }]);
    await handle.db.insert(wishlistItems).values({ userId: shopper!, productId: id });

    expect(await deleteProduct(handle.db, admin.id, id)).toEqual({
      name: "Ashoka Tablets",
      outcome: "archived",
    });

    const [row] = await handle.db.select().from(products).where(eq(products.id, id));
    expect(row!.status).toBe("archived");
    expect(await handle.db.$count(reviews, eq(reviews.productId, id))).toBe(1);
    expect(await handle.db.$count(productImages, eq(productImages.productId, id))).toBe(1);
    const [item] = await handle.db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNumber, placed.orderNumber));
    expect(item!.order_items).toMatchObject({ productId: id, quantity: 2, totalPrice: 36000 });
    expect(await handle.db.$count(cartItems, eq(cartItems.variantId, variantId))).toBe(1);
    expect(await handle.db.$count(wishlistItems, eq(wishlistItems.productId, id))).toBe(1);
    const entries = await auditFor(id);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      actorId: admin.id,
      changes: { before: { status: "published" }, after: { status: "archived" } },
    });
    expect(await findProduct(handle.db, id)).toBeNull();
  });

  it("lists one page newest first, with category name and primary image, searching names only", async () => {
    const category = await insertCategory(handle.db, `lists-${randomUUID().slice(0, 6)}`, "Lists");
    const tag = `zq${randomUUID().slice(0, 5)}`;
    const made: string[] = [];
    for (let i = 0; i < 27; i++) {
      const created = await createProduct(
        handle.db,
        admin.id,
        values({ name: `Kadha ${tag} ${String(i).padStart(2, "0")}`, categoryId: category.id }),
      );
      made.push(created!.id);
    }
    // Found by a word in its description only: not a name match.
    await createProduct(handle.db, admin.id, values({ description: `Contains ${tag}` }));
    await createProduct(handle.db, admin.id, values({ name: `Gallery ${tag}` }), [
      { name: "g.png", data: await png() },
    ]);

    const first = await listAdminProducts(handle.db, { search: tag.toUpperCase(), page: 1 });
    expect(first).toMatchObject({ total: 28, page: 1, pageCount: 2, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ name: `Gallery ${tag}`, categoryName: null });
    expect(first.items[0]?.imagePath).toMatch(/^\/images\/[0-9a-f-]{36}\/[0-9a-f]{16}$/);
    expect(first.items[1]).toMatchObject({
      name: `Kadha ${tag} 26`,
      categoryName: "Lists",
      imagePath: null,
    });
    const second = await listAdminProducts(handle.db, { search: tag, page: 2 });
    expect(second.items.map((p) => p.name)).toEqual([
      `Kadha ${tag} 02`,
      `Kadha ${tag} 01`,
      `Kadha ${tag} 00`,
    ]);
    // A page past the end shows the last page.
    expect((await listAdminProducts(handle.db, { search: tag, page: 9 })).page).toBe(2);
    expect(await listAdminProducts(handle.db, { search: `${tag} 1`, page: 1 })).toMatchObject({
      total: 10,
    });
    // LIKE wildcards are searched for as text.
    expect((await listAdminProducts(handle.db, { search: "%", page: 1 })).total).toBe(0);
    expect(await listAdminProducts(handle.db, { search: "no-such-product-zz", page: 1 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 25,
    });
    const all = await listAdminProducts(handle.db, { search: undefined, page: 1 });
    expect(all.total).toBe(await handle.db.$count(products));
  });
});

describe(`the /admin/products route on ${DATABASE_KIND}`, () => {
  it("shows the admin a page of products and the product being edited", async () => {
    const created = await createProduct(handle.db, admin.id, values({ name: "Route Amla" }), [
      { name: "a.png", data: await png() },
    ]);
    const answer = await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      getPage(`/admin/products?q=route%20amla&edit=${created!.id}`, admin.cookies),
    );
    expect(answer.status).toBe(200);
    expect(answer.body?.list.items.map((p) => p.name)).toEqual(["Route Amla"]);
    expect(answer.body?.query).toEqual({ search: "route amla", page: 1 });
    expect(answer.body?.editing).toMatchObject({ id: created!.id, name: "Route Amla" });
    expect(answer.body?.editing?.images).toHaveLength(1);
    expect(answer.body?.categories.length).toBe(await handle.db.$count(categories));
  });

  it("adds a product with an uploaded image, then updates and deletes it, each with its toast", async () => {
    const name = `Route Shatavari ${randomUUID().slice(0, 6)}`;
    const created = await callRoute(
      action,
      postMultipart(
        "/admin/products?new=1",
        admin.cookies,
        { intent: "create", ...fields({ name, discountPrice: "199.99", certifications: "GMP" }) },
        [{ name: "jar.png", data: await png(700, 700) }],
      ),
    );
    expect(created).toMatchObject({
      status: 302,
      location: "/admin/products",
      toast: { type: "success", title: "Product added successfully" },
    });
    const row = await productBySlug(name.toLowerCase().replaceAll(" ", "-"));
    expect(row).toMatchObject({
      name,
      price: 24950,
      discountPrice: 19999,
      certifications: ["GMP"],
    });
    const [image] = await galleryOf(row!.id);
    expect(image).toMatchObject({ isPrimary: true });
    // Three widths, each as AVIF and WebP.
    expect(await handle.db.$count(imageVariants, eq(imageVariants.imageId, image!.imageId))).toBe(
      6,
    );
    expect((await auditFor(row!.id)).map((e) => [e.action, e.actorId])).toEqual([
      ["create", admin.id],
    ]);

    const updated = await callRoute(
      action,
      postMultipart(`/admin/products?q=shatavari&page=1&edit=${row!.id}`, admin.cookies, {
        intent: "update",
        id: row!.id,
        ...fields({ name, slug: row!.slug, price: "260", stockQuantity: "0" }),
      }),
    );
    expect(updated).toMatchObject({
      status: 302,
      location: "/admin/products?q=shatavari",
      toast: { type: "success", title: "Product updated successfully" },
    });
    expect(await productBySlug(row!.slug)).toMatchObject({ price: 26000, stockQuantity: 0 });

    const moved = await callRoute(
      action,
      postMultipart(`/admin/products?edit=${row!.id}`, admin.cookies, {
        intent: "image",
        productId: row!.id,
        imageAction: `remove:${image!.id}`,
      }),
    );
    expect(moved).toMatchObject({
      status: 200,
      toast: {
        type: "success",
        title: "Product updated successfully",
        description: "Image removed",
      },
    });
    expect(await galleryOf(row!.id)).toHaveLength(0);

    const deleted = await callRoute(
      action,
      postMultipart("/admin/products?page=2", admin.cookies, { intent: "delete", id: row!.id }),
    );
    expect(deleted).toMatchObject({
      status: 302,
      location: "/admin/products?page=2",
      toast: { type: "success", title: "Product deleted successfully" },
    });
    expect(await productBySlug(row!.slug)).toBeUndefined();
    expect((await auditFor(row!.id)).map((e) => e.action)).toEqual([
      "create",
      "update",
      "update",
      "delete",
    ]);
  });

  it("answers an invalid form with the field errors and an 'Error' toast, writing nothing", async () => {
    const before = await rowCounts();
    const answer = await callRoute<{ ok: boolean; result: { error: Record<string, string[]> } }>(
      action,
      postMultipart(
        "/admin/products?new=1",
        admin.cookies,
        { intent: "create", ...fields({ price: "100", discountPrice: "100" }) },
        [{ name: "jar.png", data: await png() }],
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.toast).toEqual({
      type: "error",
      title: "Error",
      description: "Discount price must be below the price",
    });
    expect(answer.body?.result.error).toEqual({
      discountPrice: ["Discount price must be below the price"],
    });
    const empty = await callRoute<{ result: { error: Record<string, string[]> } }>(
      action,
      postMultipart("/admin/products?new=1", admin.cookies, {
        intent: "create",
        name: "",
        price: "0",
        stockQuantity: "-1",
      }),
    );
    expect(empty.body?.result.error).toEqual({
      name: ["Product name is required"],
      price: ["Price must be above ₹0"],
      stockQuantity: ["Stock must be a whole number of 0 or more"],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a file that is not an image, writing nothing", async () => {
    const before = await rowCounts();
    const answer = await callRoute(
      action,
      postMultipart("/admin/products?new=1", admin.cookies, { intent: "create", ...fields() }, [
        { name: "jar.png", data: await png() },
        { ...NOT_AN_IMAGE, type: "image/png" },
      ]),
    );
    expect(answer).toMatchObject({
      status: 400,
      toast: {
        type: "error",
        title: "Error",
        description: "Could not upload notes.txt: the file is not an image",
      },
    });
    // The form shows it beside the file field and keeps what was typed.
    const result = (answer.body as { result?: { error?: unknown; initialValue?: unknown } }).result;
    expect(result?.error).toEqual({
      images: ["Could not upload notes.txt: the file is not an image"],
    });
    expect(result?.initialValue).toMatchObject({ price: "249.50" });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a post larger than 8 images of 5 MB before reading it all, writing nothing", async () => {
    const before = await rowCounts();
    const big = Buffer.alloc(5 * 1024 * 1024, 1);
    const answer = await callRoute(
      action,
      postMultipart(
        "/admin/products?new=1",
        admin.cookies,
        { intent: "create", ...fields() },
        Array.from({ length: 9 }, (_, i) => ({ name: `${i}.png`, data: big })),
      ),
    );
    expect(answer).toMatchObject({
      status: 400,
      toast: { title: "Error", description: "Upload at most 8 images of up to 5 MB each" },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("stores a typed name with one space between its words, and its slug made from that", async () => {
    const tag = randomUUID().slice(0, 6);
    const created = await callRoute(
      action,
      postMultipart("/admin/products?new=1", admin.cookies, {
        intent: "create",
        ...fields({ name: `  Triphala   Churna\u00a0 ${tag} ` }),
      }),
    );
    expect(created).toMatchObject({ status: 302 });
    const row = await productBySlug(`triphala-churna-${tag}`);
    expect(row?.name).toBe(`Triphala Churna ${tag}`);
  });

  it("answers a taken slug with a clear 'Error' toast", async () => {
    await createProduct(handle.db, admin.id, values({ slug: "taken-by-route" }));
    const answer = await callRoute(
      action,
      postMultipart("/admin/products?new=1", admin.cookies, {
        intent: "create",
        ...fields({ slug: "taken-by-route" }),
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      toast: {
        title: "Error",
        description:
          'A product with the slug "taken-by-route" already exists. Choose another slug.',
      },
    });
    expect((answer.body as { result?: { error?: unknown } }).result?.error).toEqual({
      slug: ['A product with the slug "taken-by-route" already exists. Choose another slug.'],
    });
  });

  it("sends a visitor and a signed-in customer to /admin/login, changing nothing", async () => {
    const created = await createProduct(handle.db, admin.id, values({ name: "Guarded Guggulu" }), [
      { name: "a.png", data: await png() },
    ]);
    const id = created!.id;
    const [image] = await galleryOf(id);
    const customer = await createCustomer();
    const snapshot = async () => ({
      counts: await rowCounts(),
      product: await handle.db.select().from(products).where(eq(products.id, id)),
      gallery: await galleryOf(id),
    });
    const before = await snapshot();
    for (const cookies of [[], customer.cookies]) {
      const page = await callRoute(loader, getPage("/admin/products", cookies));
      expect(page).toMatchObject({ status: 302, location: "/admin/login", body: null });
      const posts: Record<string, string>[] = [
        { intent: "create", ...fields() },
        { intent: "update", id, ...fields({ name: "Taken Over" }) },
        { intent: "delete", id },
        { intent: "image", productId: id, imageAction: `remove:${image!.id}` },
        { intent: "image", productId: id, imageAction: `up:${image!.id}` },
      ];
      for (const post of posts) {
        const answer = await callRoute(
          action,
          postMultipart("/admin/products", cookies, post, [{ name: "a.png", data: await png() }]),
        );
        expect(answer, post.intent).toMatchObject({ status: 302, location: "/admin/login" });
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(
      await handle.db.$count(
        auditLog,
        and(eq(auditLog.entity, "product"), eq(auditLog.actorId, customer.id)),
      ),
    ).toBe(0);
  });

  it("shows the delete confirmation's product and an unknown id as nothing", async () => {
    const created = await createProduct(handle.db, admin.id, values({ name: "Doomed Dashmool" }));
    const answer = await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      getPage(`/admin/products?delete=${created!.id}`, admin.cookies),
    );
    expect(answer.body?.deleting).toEqual({
      id: created!.id,
      name: "Doomed Dashmool",
      hasOrders: false,
    });
    const unknown = await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      getPage(`/admin/products?delete=${randomUUID()}&edit=nonsense`, admin.cookies),
    );
    expect(unknown.body).toMatchObject({ deleting: null, editing: null, creating: false });
    const gone = await callRoute(
      action,
      postMultipart("/admin/products", admin.cookies, { intent: "delete", id: randomUUID() }),
    );
    expect(gone).toMatchObject({
      status: 400,
      toast: { title: "Error", description: "This product no longer exists" },
    });
  });
});
