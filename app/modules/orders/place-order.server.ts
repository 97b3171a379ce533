import { and, eq, sql } from "drizzle-orm";
import {
  addresses,
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  products,
} from "../../../db/schema";
import type { ShippingAddressSnapshot } from "../../../db/schema/commerce";
import { checkCoupon } from "../../domain/coupons";
import { formatRupees } from "../../domain/money";
import { orderNumber, type PaymentMethod, type PaymentProvider } from "../../domain/orders";
import { priceCart } from "../../domain/pricing";
import type { ShippingMethod } from "../../domain/shipping";
import type { AddressInput } from "../../domain/validation/address";
import type { Database, Transaction } from "../../lib/db.server";
import { findOwnAddress } from "../accounts/addresses-read.server";
import { listCartLines } from "../cart/cart-read.server";
import { customerCouponUses, findCouponState } from "../cart/cart-view.server";
import { OrderError, OrderNotFoundError } from "./order-errors";
import type { Quote } from "./quote.server";

export type PlaceOrderInput = {
  userId: string;
  address: AddressInput;
  /** A saved address the form was filled from; it must be the customer's own. */
  addressId?: string;
  saveAddress: boolean;
  paymentMethod: PaymentMethod;
  /** Only the method comes from the customer; its fee is priced here. */
  shippingMethod?: ShippingMethod;
  /** For a card order: the gateway that is to take its payment. */
  cardProvider?: PaymentProvider | null;
  idempotencyKey: string;
  /** What the checkout page showed; a difference is refused with the product named. */
  quote: Quote | null;
  now?: Date;
};

export type PlacedOrder = {
  id: string;
  orderNumber: string;
  total: number;
  paymentMethod: PaymentMethod;
  /** True when this submit repeated an earlier one and the first order is returned. */
  replayed: boolean;
};

/**
 * DESIGN §6.6: the server prices the cart again, checks the coupon again and, in one transaction,
 * takes the stock (never below zero), redeems the coupon (never past its limits), writes the order
 * and its items and empties the cart. The customer's cart row is locked first, so two submits of
 * one checkout run one after the other and the second finds the first's order by its key.
 */
export async function placeOrder(database: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  return database.transaction(async (tx) => {
    const [cart] = await tx
      .select({ id: carts.id, couponId: carts.couponId })
      .from(carts)
      .where(eq(carts.userId, input.userId))
      .for("update");

    const [earlier] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        total: orders.total,
        paymentMethod: orders.paymentMethod,
      })
      .from(orders)
      .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
    if (earlier) return { ...earlier, replayed: true };

    const lines = cart ? await listCartLines(tx, input.userId) : [];
    if (!cart || lines.length === 0) throw new OrderError("Your cart is empty");

    checkQuote(lines, input.quote);
    const stocked = await takeStock(tx, lines);

    const coupon = cart.couponId
      ? await redeemableCoupon(tx, cart.couponId, input.userId, stocked, now)
      : null;
    const shippingMethod = input.shippingMethod ?? "standard";
    const totals = priceCart(stocked, coupon, shippingMethod);
    // A page signed before delivery methods existed has no totals; its lines were checked above.
    const quotedTotal = input.quote?.totals?.[shippingMethod];
    if (quotedTotal !== undefined && quotedTotal !== totals.total) {
      throw new OrderError(
        `Your order total changed to ${formatRupees(totals.total)}. Please review your order and place it again.`,
      );
    }

    const shippingAddressId = await shippingAddressFor(tx, input);
    const snapshot = addressSnapshot(input.address);
    const order = await insertOrder(
      tx,
      {
        userId: input.userId,
        subtotal: totals.subtotal,
        discountAmount: totals.discount,
        shippingCost: totals.shipping,
        shippingMethod,
        total: totals.total,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        paymentMethod: input.paymentMethod,
        paymentProvider: input.paymentMethod === "razorpay" ? (input.cardProvider ?? null) : null,
        shippingAddressId,
        shippingAddress: snapshot,
        idempotencyKey: input.idempotencyKey,
      },
      now,
    );

    await tx.insert(orderItems).values(
      stocked.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        productName: line.name,
        hsnCode: line.hsnCode,
        gstRate: line.gstRate,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        totalPrice: line.unitPrice * line.quantity,
      })),
    );
    if (coupon) {
      await tx
        .insert(couponRedemptions)
        .values({ couponId: coupon.id, userId: input.userId, orderId: order.id });
    }
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ couponId: null, updatedAt: now }).where(eq(carts.id, cart.id));
    return { ...order, replayed: false };
  });
}

/**
 * Only the address itself: the checkout's parsed form also carries the payment method, the
 * idempotency key and the save-address choice, which are not part of where the order goes.
 */
function addressSnapshot(address: AddressInput): ShippingAddressSnapshot {
  return {
    fullName: address.fullName,
    phone: address.phone,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
}

type CartLine = Awaited<ReturnType<typeof listCartLines>>[number];

function checkQuote(lines: CartLine[], quote: Quote | null) {
  if (!quote) return;
  for (const line of lines) {
    const seen = quote.lines.find((entry) => entry.productId === line.productId);
    if (seen && seen.unitPrice !== line.unitPrice) {
      throw new OrderError(
        `The price of ${line.name} changed from ${formatRupees(seen.unitPrice)} to ${formatRupees(line.unitPrice)}. Please review your order and place it again.`,
      );
    }
  }
  const quoted = new Set(quote.lines.map((entry) => `${entry.productId}:${entry.quantity}`));
  if (
    lines.length !== quote.lines.length ||
    lines.some((l) => !quoted.has(`${l.productId}:${l.quantity}`))
  ) {
    throw new OrderError("Your cart changed. Please review your order and place it again.");
  }
}

/**
 * One conditional update per line: the row lock makes concurrent orders wait, and the
 * `stock_quantity >= quantity` test, evaluated again after the wait, keeps stock from going below
 * zero. The price comes back from the same row, so it is the price that was current when taken.
 */
async function takeStock(tx: Transaction, lines: CartLine[]) {
  const taken = [];
  // Rows are locked in one order (by id) so two carts holding the same products cannot deadlock.
  const byId = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of byId) {
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(products.id, line.productId),
          eq(products.status, "published"),
          sql`${products.stockQuantity} >= ${line.quantity}`,
        ),
      )
      .returning({
        price: products.price,
        discountPrice: products.discountPrice,
        hsnCode: products.hsnCode,
        gstRate: products.gstRate,
      });
    if (!row) {
      const [current] = await tx
        .select({ stock: products.stockQuantity, status: products.status })
        .from(products)
        .where(eq(products.id, line.productId));
      if (current?.status !== "published") {
        throw new OrderError(`${line.name} is no longer available. Remove it from your cart.`);
      }
      const stock = current?.stock ?? 0;
      throw new OrderError(
        stock <= 0 ? `${line.name} is out of stock` : `Only ${stock} of ${line.name} left in stock`,
      );
    }
    const unitPrice = row.discountPrice ?? row.price;
    if (unitPrice !== line.unitPrice) {
      throw new OrderError(
        `The price of ${line.name} changed to ${formatRupees(unitPrice)}. Please review your order and place it again.`,
      );
    }
    taken.push({ ...line, unitPrice, hsnCode: row.hsnCode, gstRate: row.gstRate });
  }
  return taken;
}

/**
 * The cart's coupon, checked again and its use counted. `used_count < usage_limit` is tested in
 * the update itself, so concurrent orders cannot redeem past the limit.
 */
async function redeemableCoupon(
  tx: Transaction,
  couponId: string,
  userId: string,
  lines: { unitPrice: number; quantity: number }[],
  now: Date,
) {
  const coupon = await findCouponState(tx, { id: couponId });
  const check = checkCoupon(coupon, {
    subtotal: priceCart(lines, null).subtotal,
    now,
    customerUses: coupon ? await customerCouponUses(tx, coupon.id, userId) : 0,
  });
  if (!check.ok || !coupon) {
    const message = check.ok ? undefined : check.message;
    throw new OrderError(
      message ? `${message.title} ${message.description}` : "Invalid coupon code!",
    );
  }
  const [counted] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (!counted) throw new OrderError("Coupon limit reached! This coupon has been fully redeemed");
  return coupon;
}

async function shippingAddressFor(tx: Transaction, input: PlaceOrderInput) {
  if (input.addressId) {
    const own = await findOwnAddress(tx, input.userId, input.addressId);
    if (!own) throw new OrderNotFoundError("Address not found");
    return own.id;
  }
  if (!input.saveAddress) return null;
  const [existingDefault] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, input.userId), eq(addresses.isDefault, true)));
  const [saved] = await tx
    .insert(addresses)
    .values({ userId: input.userId, ...input.address, isDefault: !existingDefault })
    .returning({ id: addresses.id });
  return saved!.id;
}

type NewOrder = Omit<typeof orders.$inferInsert, "orderNumber">;

/** DESIGN §6.9: 'ORD-' + timestamp; a clash (two orders in one millisecond) takes a suffix. */
async function insertOrder(tx: Transaction, values: NewOrder, now: Date) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [order] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: orderNumber(now, attempt) })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({
        id: orders.id,
        orderNumber: orders.orderNumber,
        total: orders.total,
        paymentMethod: orders.paymentMethod,
      });
    if (order) return order;
  }
  throw new Error("could not find a free order number");
}
