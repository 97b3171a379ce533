import { randomUUID } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { drainMailOutbox } from "~/modules/orders/mail-drainer.server";
import { type PlaceOrderInput, placeOrder } from "~/modules/orders/place-order.server";
import { cartItems, carts, profiles } from "../../../db/schema";

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

/** Puts exactly these lines (and optionally a coupon) in the customer's cart. */
export async function fillCart(
  database: Database,
  userId: string,
  lines: { productId: string; quantity: number }[],
  couponId: string | null = null,
) {
  const [cart] = await database
    .insert(carts)
    .values({ userId, couponId })
    .onConflictDoUpdate({ target: carts.userId, set: { couponId } })
    .returning({ id: carts.id });
  if (lines.length) {
    await database
      .insert(cartItems)
      .values(lines.map((line) => ({ cartId: cart!.id, ...line })))
      .onConflictDoNothing();
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
    userId,
    address: SHIPPING_ADDRESS,
    saveAddress: false,
    paymentMethod: "cod",
    idempotencyKey: randomUUID(),
    quote: null,
    ...overrides,
  });
  await drainMailOutbox(database);
  return placed;
}
