import { randomUUID } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import type { PaymentGateway } from "~/modules/payments/gateway.server";
import { paymentSignature } from "~/modules/payments/signatures.server";
import { confirmCardPayment, startCardPayment } from "~/workflows/card-payment.server";
import { type PlaceOrderInput, placeOrder } from "~/workflows/place-order.server";
import { cartItems, carts, profiles } from "../../../db/schema";
import { firstSizeId, insertProducts } from "./catalog";
import { testServices } from "./services";

let counter = 0;

/**
 * Customers written straight into the table: the order tests need many of them, and signing up
 * (password hashing) is covered elsewhere.
 */
export async function insertCustomers(database: Database, count: number) {
  const rows = Array.from({ length: count }, () => {
    counter += 1;
    return { fullName: "Order Tester", email: `order.tester.${counter}.${randomUUID()}@gmail.com` };
  });
  const inserted = await database.insert(profiles).values(rows).returning({ id: profiles.id });
  return inserted.map((row) => row.id);
}

/**
 * Puts exactly these lines (and optionally a coupon) in the customer's cart; a line naming a
 * product without a size is its first size (the only one of a product made by insertProducts).
 */
export async function fillCart(
  database: Database,
  userId: string,
  lines: ({ productId: string; variantId?: string } | { variantId: string })[] &
    { quantity: number }[],
  couponId: string | null = null,
) {
  const [cart] = await database
    .insert(carts)
    .values({ userId, couponId })
    .onConflictDoUpdate({ target: carts.userId, set: { couponId } })
    .returning({ id: carts.id });
  if (lines.length) {
    const values = [];
    for (const line of lines) {
      const variantId =
        "variantId" in line && line.variantId
          ? line.variantId
          : await firstSizeId(database, (line as { productId: string }).productId);
      values.push({ cartId: cart!.id, variantId, quantity: line.quantity });
    }
    await database.insert(cartItems).values(values).onConflictDoNothing();
  }
  return cart!.id;
}

export const SHIPPING_ADDRESS = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: null,
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

/**
 * placeOrder with a valid address, cash on delivery and a fresh key unless overridden. Its mails
 * are sent before it returns, so a test counting mails or rows afterwards sees only its own.
 */
export async function orderFor(
  database: Database,
  userId: string,
  overrides: Partial<PlaceOrderInput> = {},
) {
  const placed = await placeOrder(database, {
    shipping: testServices().shipping,
    userId,
    address: SHIPPING_ADDRESS,
    saveAddress: false,
    paymentMethod: "cod",
    idempotencyKey: randomUUID(),
    quote: null,
    ...overrides,
  });
  await drainMailOutbox(database, testServices());
  return placed;
}

let productCounter = 0;

/**
 * A new customer's order of `quantity` of a product of its own (₹300 each), placed as the
 * checkout places it, its mails sent.
 */
export async function placeTestOrder(
  database: Database,
  {
    paymentMethod = "cod",
    quantity = 1,
    shippingMethod = "standard",
  }: {
    paymentMethod?: "cod" | "razorpay";
    quantity?: number;
    shippingMethod?: "standard" | "express";
  } = {},
) {
  productCounter += 1;
  const [product] = await insertProducts(database, [
    { name: `Brahmi Vati ${productCounter}`, price: 30_000, stockQuantity: 20 },
  ]);
  const [userId] = await insertCustomers(database, 1);
  await fillCart(database, userId!, [{ productId: product!.id, quantity }]);
  const order = await orderFor(database, userId!, {
    paymentMethod,
    cardProvider: "test",
    shippingMethod,
  });
  return { ...order, userId: userId!, productName: product!.name };
}

/**
 * Confirms an opened card payment with a correctly signed callback, as the checkout posts it.
 * Returns the gateway's payment id and what the confirmation answered.
 */
export async function confirmSignedPayment(
  database: Database,
  gateway: PaymentGateway,
  order: { userId: string; orderId: string },
  providerOrderId: string,
) {
  const paymentId = `pay_${randomUUID().replaceAll("-", "").slice(0, 14)}`;
  const confirmed = await confirmCardPayment(database, gateway, {
    ...order,
    providerOrderId,
    paymentId,
    signature: paymentSignature(providerOrderId, paymentId, gateway.keySecret),
  });
  return { paymentId, confirmed };
}

/**
 * Pays a placed card order through `gateway` as the checkout does: opens the payment, then
 * confirms it with a correctly signed callback. Returns the gateway's payment id.
 */
export async function payCardOrder(
  database: Database,
  gateway: PaymentGateway,
  order: { userId: string; orderId: string },
) {
  const checkout = await startCardPayment(database, gateway, order);
  const { paymentId } = await confirmSignedPayment(
    database,
    gateway,
    order,
    checkout.providerOrderId,
  );
  return paymentId;
}
