import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { COUPONS_CHANGED } from "~/lib/live-events.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { addToCart, CartError } from "~/modules/cart/cart.server";
import { listCartLines } from "~/modules/cart/cart-read.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import { refreshProductRatings } from "~/modules/catalog/ratings.server";
import { listActiveOffers } from "~/modules/promotions/offers.server";
import { listApprovedReviews, ReviewError, reviewSummary } from "~/modules/reviews/reviews.server";
import {
  addToWishlist,
  removeFromWishlist,
  savedProductIds,
} from "~/modules/wishlist/wishlist.server";
import { submitReview } from "~/workflows/submit-review.server";
import { coupons, orderItems, orders, products, profiles, reviews } from "../../db/schema";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let customerId: string;
let otherId: string;
let herbId: string;
let scarceId: string;
let soldOutId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  const people = await handle.db
    .insert(profiles)
    .values([
      { fullName: "Asha Patil", email: "asha@gmail.com" },
      { fullName: "Ravi Kumar", email: "ravi@gmail.com" },
    ])
    .returning();
  customerId = people[0]!.id;
  otherId = people[1]!.id;
  const [herb, scarce, soldOut] = await insertProducts(handle.db, [
    { name: "Tulsi Drops", stockQuantity: 50 },
    { name: "Rare Bhasma", stockQuantity: 3 },
    { name: "Sold Out Syrup", stockQuantity: 0 },
  ]);
  herbId = herb!.id;
  scarceId = scarce!.id;
  soldOutId = soldOut!.id;
});
afterAll(async () => {
  await testServices().live.close();
  await handle.close();
});

describe(`product pages on ${DATABASE_KIND}`, () => {
  it("finds a product by slug first, then by id", async () => {
    const bySlug = await findProduct(handle.db, (await findProduct(handle.db, herbId))!.slug);
    expect(bySlug?.id).toBe(herbId);
    expect((await findProduct(handle.db, herbId))?.name).toBe("Tulsi Drops");
    expect(await findProduct(handle.db, "no-such-product")).toBeNull();
  });
});

describe(`reviews on ${DATABASE_KIND}`, () => {
  it("keeps a new review pending until it is approved, then counts it in the rating", async () => {
    await submitReview(handle.db, {
      productId: herbId,
      userId: customerId,
      rating: 4,
      comment: "Works well",
      title: "",
    });
    expect(await listApprovedReviews(handle.db, profileNaming, herbId)).toEqual([]);
    await handle.db.update(reviews).set({ isApproved: true }).where(eq(reviews.productId, herbId));
    await refreshProductRatings(handle.db, [herbId]);
    const [listed] = await listApprovedReviews(handle.db, profileNaming, herbId);
    expect(listed).toMatchObject({
      rating: 4,
      comment: "Works well",
      title: null,
      authorName: "Asha Patil",
      isVerifiedPurchase: false,
    });
    const [product] = await handle.db.select().from(products).where(eq(products.id, herbId));
    expect(product).toMatchObject({ rating: 4, reviewCount: 1 });
    const summary = await reviewSummary(handle.db, herbId);
    expect(summary.find((row) => row.stars === 4)).toEqual({ stars: 4, count: 1, percent: 100 });
    expect(summary.map((row) => row.stars)).toEqual([5, 4, 3, 2, 1]);
  });

  it("refuses a second review of the same product by the same customer", async () => {
    await expect(
      submitReview(handle.db, {
        productId: herbId,
        userId: customerId,
        rating: 5,
        comment: "Again",
      }),
    ).rejects.toThrow(ReviewError);
  });

  it("marks a review as a verified purchase when the author has a delivered order with it", async () => {
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId: otherId,
        orderNumber: `ORD-${Date.now()}`,
        subtotal: 10000,
        total: 15000,
        shippingCost: 5000,
        status: "delivered",
        shippingAddress: {
          fullName: "Ravi Kumar",
          phone: "9876543210",
          addressLine1: "12 MG Road",
          addressLine2: null,
          city: "Satara",
          state: "Maharashtra",
          postalCode: "415003",
        },
      })
      .returning();
    await handle.db.insert(orderItems).values({
      orderId: order!.id,
      productId: herbId,
      productName: "Tulsi Drops",
      hsnCode: "3004",
      gstRate: 5,
      quantity: 1,
      unitPrice: 10000,
      totalPrice: 10000,
    });
    await submitReview(handle.db, {
      productId: herbId,
      userId: otherId,
      rating: 5,
      comment: "Genuine",
    });
    const [row] = await handle.db.select().from(reviews).where(eq(reviews.userId, otherId));
    expect(row).toMatchObject({ isVerifiedPurchase: true, isApproved: false });
  });
});

describe(`special offers on ${DATABASE_KIND}`, () => {
  it("lists at most 3 active, unexpired, not fully used coupons, newest first", async () => {
    const day = 24 * 60 * 60 * 1000;
    await handle.db.insert(coupons).values([
      { code: "OLDEST", discountValue: 5, createdAt: new Date(Date.now() - 5 * day) },
      { code: "OLDER", discountValue: 5, createdAt: new Date(Date.now() - 4 * day) },
      {
        code: "NEWER",
        discountValue: 5,
        createdAt: new Date(Date.now() - 3 * day),
        expiresAt: new Date(Date.now() + day),
      },
      {
        code: "NEWEST",
        discountType: "fixed",
        discountValue: 5000,
        createdAt: new Date(Date.now() - 2 * day),
      },
      {
        code: "EXPIRED",
        discountValue: 5,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() - 1000),
      },
      { code: "OFF", discountValue: 5, createdAt: new Date(), isActive: false },
      { code: "USEDUP", discountValue: 5, createdAt: new Date(), usageLimit: 2, usedCount: 2 },
    ]);
    expect((await listActiveOffers(handle.db, 3)).map((o) => o.code)).toEqual([
      "NEWEST",
      "NEWER",
      "OLDER",
    ]);
  });

  it("tells listeners when any coupon changes", async () => {
    let heard = 0;
    const stop = await testServices().live.subscribe(COUPONS_CHANGED, () => {
      heard += 1;
    });
    await handle.db.update(coupons).set({ isActive: false }).where(eq(coupons.code, "NEWEST"));
    await expect.poll(() => heard, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    stop();
  });
});

describe(`cart and wishlist on ${DATABASE_KIND}`, () => {
  it("adds a product, then raises its quantity when added again", async () => {
    expect(
      await addToCart(handle.db, { userId: customerId, productId: herbId, quantity: 1 }),
    ).toEqual({ status: "added", quantity: 1, name: "Tulsi Drops", sizeChosenByShop: false });
    expect(
      await addToCart(handle.db, { userId: customerId, productId: herbId, quantity: 2 }),
    ).toEqual({ status: "updated", quantity: 3, name: "Tulsi Drops", sizeChosenByShop: false });
    const lines = await listCartLines(handle.db, customerId);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([["Tulsi Drops", 3]]);
  });

  it("refuses more than 10 of one product, more than the stock, and sold-out products, writing nothing", async () => {
    await expect(
      addToCart(handle.db, { userId: customerId, productId: herbId, quantity: 8 }),
    ).rejects.toThrow(/at most 10/);
    await expect(
      addToCart(handle.db, { userId: customerId, productId: scarceId, quantity: 4 }),
    ).rejects.toThrow(/Only 3/);
    await expect(
      addToCart(handle.db, { userId: customerId, productId: soldOutId, quantity: 1 }),
    ).rejects.toThrow(CartError);
    const lines = await listCartLines(handle.db, customerId);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([["Tulsi Drops", 3]]);
  });

  it("refuses an unknown product", async () => {
    await expect(
      addToCart(handle.db, {
        userId: customerId,
        productId: "00000000-0000-4000-8000-000000000000",
        quantity: 1,
      }),
    ).rejects.toThrow(/no longer available/);
  });

  it("saves a product once and removes it", async () => {
    expect(await addToWishlist(handle.db, customerId, herbId)).toBe("added");
    expect(await addToWishlist(handle.db, customerId, herbId)).toBe("already-saved");
    expect([...(await savedProductIds(handle.db, customerId))]).toEqual([herbId]);
    expect(await removeFromWishlist(handle.db, customerId, herbId)).toBe(true);
    expect(await removeFromWishlist(handle.db, customerId, herbId)).toBe(false);
    expect((await savedProductIds(handle.db, customerId)).size).toBe(0);
  });

  it("drops cart and wishlist lines of a deleted product", async () => {
    await addToWishlist(handle.db, customerId, scarceId);
    await addToCart(handle.db, { userId: customerId, productId: scarceId, quantity: 1 });
    await handle.db.delete(products).where(eq(products.id, scarceId));
    expect((await listCartLines(handle.db, customerId)).map((l) => l.name)).toEqual([
      "Tulsi Drops",
    ]);
    expect((await savedProductIds(handle.db, customerId)).has(scarceId)).toBe(false);
  });
});
