import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  addresses,
  cartItems,
  carts,
  coupons,
  orderItems,
  orders,
  products,
  productVariants,
  profiles,
  reviews,
} from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let userId: string;
let otherUserId: string;
let productId: string;
let variantId: string;
let orderId: string;
let cartId: string;

/** The statement must fail, and fail on `constraint` (not on some other mistake in the row). */
async function expectRefused(query: PromiseLike<unknown>, constraint: string) {
  const error = await Promise.resolve(query).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected ${constraint} to refuse the row`).toBeInstanceOf(Error);
  expect((error as { cause?: { constraint?: string } }).cause?.constraint).toBe(constraint);
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}`;

const validProduct = (overrides: Partial<typeof products.$inferInsert> = {}) => ({
  slug: unique("product"),
  name: "Triphala Churna",
  ...overrides,
});

/** A pack size of the product made first (docs/decisions/056). */
const validSize = (overrides: Partial<typeof productVariants.$inferInsert> = {}) => ({
  productId,
  sku: unique("TRI"),
  label: unique("Pack"),
  price: 14000,
  discountPrice: 12500,
  stockQuantity: 5,
  ...overrides,
});

const validCoupon = (overrides: Partial<typeof coupons.$inferInsert> = {}) => ({
  code: unique("SAVE").toUpperCase(),
  discountType: "percentage" as const,
  discountValue: 10,
  ...overrides,
});

const validReview = (overrides: Partial<typeof reviews.$inferInsert> = {}) => ({
  productId,
  userId: null,
  rating: 4,
  comment: "Works well for me.",
  ...overrides,
});

const validAddress = (overrides: Partial<typeof addresses.$inferInsert> = {}) => ({
  userId,
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Rajwada Road",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
  ...overrides,
});

const shippingAddress = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Rajwada Road",
  addressLine2: null,
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

const validOrder = (overrides: Partial<typeof orders.$inferInsert> = {}) => ({
  userId,
  orderNumber: unique("ORD"),
  subtotal: 50000,
  discountAmount: 5000,
  shippingCost: 4900,
  total: 49900,
  shippingAddress,
  ...overrides,
});

const validOrderItem = (overrides: Partial<typeof orderItems.$inferInsert> = {}) => ({
  orderId,
  productId,
  productName: "Triphala Churna",
  hsnCode: "3004",
  gstRate: 5,
  quantity: 3,
  unitPrice: 12500,
  totalPrice: 37500,
  ...overrides,
});

beforeAll(async () => {
  handle = await useTestDatabase();
  const people = await handle.db
    .insert(profiles)
    .values([
      { fullName: "Asha Patil", email: "asha@gmail.com" },
      { fullName: "Ravi Jadhav", email: "ravi@gmail.com" },
    ])
    .returning({ id: profiles.id });
  userId = people[0]!.id;
  otherUserId = people[1]!.id;
  const [product] = await handle.db
    .insert(products)
    .values(validProduct({ slug: "triphala-churna" }))
    .returning({ id: products.id });
  productId = product!.id;
  const [size] = await handle.db
    .insert(productVariants)
    .values(validSize({ label: "100 g" }))
    .returning({ id: productVariants.id });
  variantId = size!.id;
  const [order] = await handle.db.insert(orders).values(validOrder()).returning({ id: orders.id });
  orderId = order!.id;
  const [cart] = await handle.db.insert(carts).values({ userId }).returning({ id: carts.id });
  cartId = cart!.id;
});
afterAll(() => handle.close());

describe(`database constraints (docs/DESIGN.md §5) on ${DATABASE_KIND}`, () => {
  describe("accepts a valid row of each kind", () => {
    it("pack sizes, including stock 0, no discount, no label and SKUs of every allowed sign", async () => {
      await handle.db.insert(productVariants).values(validSize({ stockQuantity: 0 }));
      await handle.db.insert(productVariants).values(validSize({ discountPrice: null }));
      await handle.db
        .insert(productVariants)
        .values(validSize({ price: 1, discountPrice: null, label: "" }));
      await handle.db
        .insert(productVariants)
        .values(validSize({ sku: "ash-60/tab_2.0", weightGrams: 120 }));
    });

    it("a label and SKU again once the size that had them is archived", async () => {
      const [old] = await handle.db
        .insert(productVariants)
        .values(validSize({ label: "1 kg", sku: "TRI-1KG-OLD" }))
        .returning({ id: productVariants.id });
      await handle.db
        .update(productVariants)
        .set({ archivedAt: new Date() })
        .where(eq(productVariants.id, old!.id));
      await handle.db.insert(productVariants).values(validSize({ label: "1 KG" }));
    });

    it("coupons: percentage up to 100, a fixed amount above 100 paise, used_count at its limit", async () => {
      await handle.db.insert(coupons).values(validCoupon({ discountValue: 100 }));
      await handle.db
        .insert(coupons)
        .values(validCoupon({ discountType: "fixed", discountValue: 25000 }));
      await handle.db.insert(coupons).values(validCoupon({ usageLimit: 5, usedCount: 5 }));
    });

    it("reviews rated 1 and 5, and a comment of exactly 1000 characters", async () => {
      await handle.db.insert(reviews).values(validReview({ rating: 1 }));
      await handle.db.insert(reviews).values(validReview({ rating: 5, comment: "x".repeat(1000) }));
    });

    it("one default address per user, beside any number of other addresses", async () => {
      await handle.db.insert(addresses).values(validAddress({ isDefault: true }));
      await handle.db.insert(addresses).values(validAddress({ isDefault: false }));
      await handle.db.insert(addresses).values(validAddress({ isDefault: false }));
      await handle.db
        .insert(addresses)
        .values(validAddress({ userId: otherUserId, isDefault: true }));
    });

    it("an order whose total adds up, and an item whose total is price x quantity", async () => {
      await handle.db.insert(orders).values(validOrder({ discountAmount: 0, total: 54900 }));
      await handle.db.insert(orderItems).values(validOrderItem());
    });

    it("cart items of quantity 1 and 10", async () => {
      const [second] = await handle.db
        .insert(productVariants)
        .values(validSize())
        .returning({ id: productVariants.id });
      await handle.db.insert(cartItems).values({ cartId, variantId, quantity: 1 });
      await handle.db.insert(cartItems).values({ cartId, variantId: second!.id, quantity: 10 });
    });
  });

  describe("refuses", () => {
    it("a size's stock below 0, on insert and on update", async () => {
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ stockQuantity: -1 })),
        "product_variants_stock_non_negative",
      );
      await expectRefused(
        handle.db
          .update(productVariants)
          .set({ stockQuantity: -1 })
          .where(eq(productVariants.id, variantId)),
        "product_variants_stock_non_negative",
      );
    });

    it("a price of 0 or below", async () => {
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ price: 0, discountPrice: null })),
        "product_variants_price_positive",
      );
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ price: -100, discountPrice: null })),
        "product_variants_price_positive",
      );
    });

    it("a discount price equal to or above the price", async () => {
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ price: 14000, discountPrice: 14000 })),
        "product_variants_discount_price_range",
      );
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ price: 14000, discountPrice: 15000 })),
        "product_variants_discount_price_range",
      );
    });

    it("a SKU already used, in any case, and a malformed or overlong one", async () => {
      await handle.db.insert(productVariants).values(validSize({ sku: "CHY-500G" }));
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ sku: "chy-500g" })),
        "product_variants_sku_unique",
      );
      for (const sku of ["", "-CHY", "CHY 500G", "CHY#1", "X".repeat(161)]) {
        await expectRefused(
          handle.db.insert(productVariants).values(validSize({ sku })),
          "product_variants_sku_format",
        );
      }
    });

    it("two sizes of one product on sale under one label, in any case", async () => {
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ label: "100 G" })),
        "product_variants_label_unique",
      );
    });

    it("a weight of 0 grams and a label over 40 characters", async () => {
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ weightGrams: 0 })),
        "product_variants_weight_positive",
      );
      await expectRefused(
        handle.db.insert(productVariants).values(validSize({ label: "x".repeat(41) })),
        "product_variants_label_length",
      );
    });

    it("a duplicate product slug", async () => {
      await expectRefused(
        handle.db.insert(products).values(validProduct({ slug: "triphala-churna" })),
        "products_slug_unique",
      );
    });

    it("a coupon code in lower or mixed case", async () => {
      await expectRefused(
        handle.db.insert(coupons).values(validCoupon({ code: "welcome10" })),
        "coupons_code_upper",
      );
      await expectRefused(
        handle.db.insert(coupons).values(validCoupon({ code: "Welcome10" })),
        "coupons_code_upper",
      );
    });

    it("a second coupon with the same code", async () => {
      await handle.db.insert(coupons).values(validCoupon({ code: "ONCE" }));
      await expectRefused(
        handle.db.insert(coupons).values(validCoupon({ code: "ONCE" })),
        "coupons_code_unique",
      );
    });

    it("a percentage coupon above 100", async () => {
      await expectRefused(
        handle.db.insert(coupons).values(validCoupon({ discountValue: 101 })),
        "coupons_discount_value_range",
      );
    });

    it("used_count above usage_limit, or below 0", async () => {
      const [coupon] = await handle.db
        .insert(coupons)
        .values(validCoupon({ usageLimit: 2, usedCount: 2 }))
        .returning({ id: coupons.id });
      await expectRefused(
        handle.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, coupon!.id)),
        "coupons_used_count_range",
      );
      await expectRefused(
        handle.db.insert(coupons).values(validCoupon({ usedCount: -1 })),
        "coupons_used_count_range",
      );
    });

    it.each([0, 6])("a review rated %i", async (rating) => {
      await expectRefused(
        handle.db.insert(reviews).values(validReview({ rating })),
        "reviews_rating_range",
      );
    });

    it("a review comment over 1000 characters", async () => {
      await expectRefused(
        handle.db.insert(reviews).values(validReview({ comment: "x".repeat(1001) })),
        "reviews_comment_length",
      );
    });

    it("a second default address for the same user, on insert and on update", async () => {
      const before = await handle.db.$count(addresses, eq(addresses.userId, userId));
      await expectRefused(
        handle.db.insert(addresses).values(validAddress({ isDefault: true })),
        "addresses_one_default_per_user",
      );
      const [other] = await handle.db
        .insert(addresses)
        .values(validAddress({ isDefault: false }))
        .returning({ id: addresses.id });
      await expectRefused(
        handle.db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, other!.id)),
        "addresses_one_default_per_user",
      );
      expect(await handle.db.$count(addresses, eq(addresses.userId, userId))).toBe(before + 1);
      const defaults = await handle.db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
      expect(defaults).toHaveLength(1);
    });

    it("an order whose total is not subtotal - discount + shipping", async () => {
      await expectRefused(
        handle.db.insert(orders).values(validOrder({ total: 49901 })),
        "orders_total_adds_up",
      );
      await expectRefused(
        handle.db.update(orders).set({ shippingCost: 0 }).where(eq(orders.id, orderId)),
        "orders_total_adds_up",
      );
    });

    it("a second order with the same order number", async () => {
      await handle.db.insert(orders).values(validOrder({ orderNumber: "ORD-1700000000000" }));
      await expectRefused(
        handle.db.insert(orders).values(validOrder({ orderNumber: "ORD-1700000000000" })),
        "orders_order_number_unique",
      );
    });

    it("an order item whose total_price is not unit_price x quantity", async () => {
      await expectRefused(
        handle.db.insert(orderItems).values(validOrderItem({ totalPrice: 37499 })),
        "order_items_total_adds_up",
      );
      await expectRefused(
        handle.db.insert(orderItems).values(validOrderItem({ quantity: 2 })),
        "order_items_total_adds_up",
      );
    });

    it.each([0, 11])("a cart item of quantity %i", async (quantity) => {
      const [size] = await handle.db
        .insert(productVariants)
        .values(validSize())
        .returning({ id: productVariants.id });
      await expectRefused(
        handle.db.insert(cartItems).values({ cartId, variantId: size!.id, quantity }),
        "cart_items_quantity_range",
      );
    });
  });
});
