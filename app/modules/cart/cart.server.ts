import { and, eq, sql } from "drizzle-orm";
import { cartItems, carts } from "../../../db/schema";
import { cartLineProblemMessage } from "../../domain/cart-line-problems";
import { capQuantity } from "../../domain/cart-quantity";
import {
  COUPON_MESSAGES,
  type CouponMessage,
  checkCoupon,
  normaliseCouponCode,
} from "../../domain/coupons";
import { sizedName } from "../../domain/pack-sizes";
import { MAX_QUANTITY_PER_PRODUCT } from "../../domain/validation/cart";
import { AppError } from "../../lib/app-error";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { joinLineSize, lineSizeColumns } from "../catalog/line-sizes.server";
import { lockSizeToBuy } from "../catalog/sizes.server";
import { cartIdOf, customerCouponUses, findCouponState, getCart } from "./cart-view.server";

export class CartError extends AppError {
  constructor(message: string) {
    super(message, { status: 409, title: "Could not update the cart" });
  }
}

async function cartIdFor(executor: Executor, userId: string) {
  const [cart] = await executor
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
    .returning({ id: carts.id });
  return cart!.id;
}

/**
 * docs/SPEC.md §4: adding a product already in the cart raises its quantity, otherwise it is added.
 * A line is one pack size (docs/decisions/056): the one named, else the product's default size.
 * The server decides: the size must be on sale and in stock, and its line may not pass 10 units
 * or the size's stock.
 */
export async function addToCart(
  database: Database,
  input: { userId: string; productId: string; variantId?: string; quantity: number },
): Promise<{
  status: "added" | "updated";
  quantity: number;
  name: string;
  /** No size was posted and the product has several: the default size was added. */
  sizeChosenByShop: boolean;
}> {
  return database.transaction(async (tx) => {
    const size = await lockSizeToBuy(tx, input);
    if (size?.status !== "published") {
      throw new CartError("This product is no longer available");
    }
    const name = sizedName(size.name, size.label);
    if (size.archived) throw new CartError(`${name} is no longer available`);
    if (size.stock <= 0) {
      throw new CartError(cartLineProblemMessage({ name, problem: "out-of-stock", stock: 0 }));
    }
    const cartId = await cartIdFor(tx, input.userId);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, size.variantId)))
      .for("update");
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_QUANTITY_PER_PRODUCT) {
      throw new CartError(`You can buy at most ${MAX_QUANTITY_PER_PRODUCT} of ${name}`);
    }
    if (quantity > size.stock) {
      throw new CartError(cartLineProblemMessage({ name, problem: "short", stock: size.stock }));
    }
    await tx
      .insert(cartItems)
      .values({ cartId, variantId: size.variantId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        set: { quantity, updatedAt: new Date() },
      });
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
    return {
      status: existing ? "updated" : "added",
      quantity,
      name,
      sizeChosenByShop: !input.variantId && size.sizesOnSale > 1,
    };
  });
}

export type SetQuantityResult =
  | { status: "ignored" }
  | { status: "updated"; quantity: number }
  /** More was asked than the limit or the stock: the line holds the most it may, and why. */
  | { status: "capped"; quantity: number; reason: string };

/**
 * docs/SPEC.md §4: a quantity can be set directly; below 1 is silently ignored. More than 10 or more than
 * the size's stock is lowered to the most the line may hold, with the reason.
 */
export async function setLineQuantity(
  database: Database,
  input: { userId: string; variantId: string; quantity: number },
): Promise<SetQuantityResult> {
  if (input.quantity < 1) return { status: "ignored" };
  return database.transaction(async (tx) => {
    const lines = tx
      .select({
        cartId: cartItems.cartId,
        name: lineSizeColumns.productName,
        label: lineSizeColumns.sizeLabel,
        stock: lineSizeColumns.stockQuantity,
      })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .$dynamic();
    const [line] = await joinLineSize(lines, cartItems.variantId)
      .where(and(eq(carts.userId, input.userId), eq(cartItems.variantId, input.variantId)))
      .for("update", { of: cartItems });
    if (!line) throw new CartError("This product is not in your cart");
    const name = sizedName(line.name, line.label);
    if (line.stock <= 0) {
      throw new CartError(cartLineProblemMessage({ name, problem: "out-of-stock", stock: 0 }));
    }
    const cap = capQuantity(input.quantity, line.stock, name);
    await tx
      .update(cartItems)
      .set({ quantity: cap.quantity, updatedAt: new Date() })
      .where(and(eq(cartItems.cartId, line.cartId), eq(cartItems.variantId, input.variantId)));
    return cap.reason
      ? { status: "capped" as const, quantity: cap.quantity, reason: cap.reason }
      : { status: "updated" as const, quantity: cap.quantity };
  });
}

/** Takes one size's line out of the cart. */
export async function removeLine(executor: Executor, userId: string, variantId: string) {
  const cart = await cartIdOf(executor, userId);
  if (!cart) return false;
  const removed = await executor
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cart), eq(cartItems.variantId, variantId)))
    .returning({ variantId: cartItems.variantId });
  return removed.length > 0;
}

/** Empties the cart; the coupon goes with it (docs/SPEC.md §4). */
export async function clearCart(executor: Executor, userId: string) {
  const cart = await cartIdOf(executor, userId);
  if (!cart) return;
  await executor.delete(cartItems).where(eq(cartItems.cartId, cart));
  await executor.update(carts).set({ couponId: null }).where(eq(carts.id, cart));
}

/** The cart an order was placed from: its lines and coupon go, inside the order's transaction. */
export async function emptyOrderedCart(tx: Transaction, cartId: string, now: Date) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await tx.update(carts).set({ couponId: null, updatedAt: now }).where(eq(carts.id, cartId));
}

export type ApplyCouponResult =
  | { ok: true; discount: number; code: string }
  | { ok: false; message: CouponMessage };

/** docs/SPEC.md §5: one coupon at a time, code upper-cased, every rule checked on the server. */
export async function applyCoupon(
  database: Database,
  userId: string,
  rawCode: string,
  now = new Date(),
): Promise<ApplyCouponResult> {
  const code = normaliseCouponCode(rawCode);
  if (!code) return { ok: false, message: COUPON_MESSAGES.empty };
  return database.transaction(async (tx) => {
    const [cart] = await tx
      .select({ id: carts.id, couponId: carts.couponId })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for("update");
    if (cart?.couponId) return { ok: false, message: COUPON_MESSAGES.alreadyApplied };
    const view = await getCart(tx, userId, now);
    if (!cart || view.lines.length === 0) {
      return {
        ok: false,
        message: {
          title: "Your cart is empty",
          description: "Add products before applying a coupon",
        },
      };
    }
    const coupon = await findCouponState(tx, { code });
    const check = checkCoupon(coupon, {
      subtotal: view.totals.subtotal,
      now,
      customerUses: coupon ? await customerCouponUses(tx, coupon.id, userId) : 0,
    });
    if (!check.ok || !coupon)
      return { ok: false, message: check.ok ? COUPON_MESSAGES.invalid : check.message };
    await tx.update(carts).set({ couponId: coupon.id }).where(eq(carts.id, cart.id));
    return { ok: true, discount: check.discount, code: coupon.code };
  });
}

export async function removeCoupon(executor: Executor, userId: string) {
  const updated = await executor
    .update(carts)
    .set({ couponId: null })
    .where(eq(carts.userId, userId))
    .returning({ id: carts.id });
  return updated.length > 0;
}
