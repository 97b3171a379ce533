import { cartLineProblemMessage } from "../domain/cart-line-problems";
import { cashOnDeliveryAvailability } from "../domain/cash-on-delivery";
import { checkCoupon } from "../domain/coupons";
import { weightSlabs } from "../domain/courier-fees";
import {
  courierRefusal,
  DELIVERY_MESSAGES,
  expressOffered,
  promisedDayFor,
} from "../domain/delivery-promise";
import { formatRupees } from "../domain/money";
import type { MessageChannel } from "../domain/order-messages";
import {
  CARD_PAYMENTS_OFF_MESSAGE,
  type PaymentMethod,
  type PaymentProvider,
} from "../domain/orders";
import { priceCart } from "../domain/pricing";
import { packageWeightGrams } from "../domain/shipments";
import type { ShippingMethod } from "../domain/shipping";
import type { AddressInput } from "../domain/validation/address";
import type { Database, Transaction } from "../lib/db.server";
import { getEnv } from "../lib/env.server";
import { ordersPlaced } from "../lib/metrics.server";
import { addCheckoutAddress } from "../modules/accounts/addresses.server";
import { findOwnAddress } from "../modules/accounts/addresses-read.server";
import { emptyOrderedCart } from "../modules/cart/cart.server";
import { listCartLines } from "../modules/cart/cart-read.server";
import { customerCouponUses, findCouponState, lockCartOf } from "../modules/cart/cart-view.server";
import { takeStock } from "../modules/inventory/stock.server";
import { recordCheckoutChoices } from "../modules/notifications/message-consents.server";
import { addressSnapshot, orderPlacedWith, writeOrder } from "../modules/orders/new-order.server";
import {
  CartLineProblemError,
  CashOnDeliveryUnavailableError,
  DeliveryUnavailableError,
  ExpressUnavailableError,
  OrderError,
  OrderNotFoundError,
} from "../modules/orders/order-errors";
import { notifyNewOrder } from "../modules/orders/order-notices.server";
import type { Quote } from "../modules/orders/quote.server";
import { recordRedemption, redeemCoupon } from "../modules/promotions/redemptions.server";
import { cashOnDeliveryRules, getSettings } from "../modules/settings/settings.server";
import { promiseCalendar } from "../modules/shipping/delivery-promise.server";
import type { Shipping } from "../modules/shipping/shipping.server";
import { shippingFeesFor } from "../modules/shipping/shipping-fees.server";

export type PlaceOrderInput = {
  /** The courier asked about the PIN code and, where the owner chose them, for its rates. */
  shipping: Shipping;
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
  /**
   * The order-update choices the checkout showed (docs/decisions/063), per channel; a channel the
   * page did not offer is left out and its consent left as it was.
   */
  messageChoices?: Partial<Record<MessageChannel, boolean>>;
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
 * Placing an order, a workflow because it spans the areas (docs/areas.md): the cart's lines and
 * coupon, the courier's word and fees, the customer's address and message choices, the
 * promotions' redemption, the inventory's stock and the orders area's new order and its notice.
 *
 * docs/DESIGN.md §6.6: the server prices the cart again, checks the coupon again and, in one transaction,
 * redeems the coupon (never past its limits), writes the order and its items, empties the cart,
 * for cash on delivery enqueues the order's mails (docs/decisions/024) and, last, takes the stock
 * (never below zero) at the prices the order was written with. The customer's cart row is locked first, so two submits of one checkout
 * run one after the other and the second finds the first's order by its key.
 */
export async function placeOrder(database: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  // Whoever calls, a card order is not taken while card payments are switched off.
  if (input.paymentMethod !== "cod" && getEnv().CARD_PAYMENTS === "off") {
    throw new OrderError(CARD_PAYMENTS_OFF_MESSAGE, 400);
  }
  const now = input.now ?? new Date();
  // Asked before the transaction (kept per PIN code): nothing waits on a courier holding locks.
  const courierWord = await input.shipping.courierWordFor(input.address.postalCode);
  const postalCode = input.address.postalCode.trim();
  const courierSays = courierWord && courierRefusal(postalCode, courierWord, input.paymentMethod);
  if (courierSays?.kind === "not-served") throw new DeliveryUnavailableError(courierSays.message);
  // Express only where the courier has a faster service for the PIN code (docs/decisions/072).
  const shippingMethod = input.shippingMethod ?? "standard";
  const calendar = courierWord ? promiseCalendar(await input.shipping.shopSettings()) : null;
  if (shippingMethod === "express" && calendar && !expressOffered(courierWord, now, calendar)) {
    throw new ExpressUnavailableError(DELIVERY_MESSAGES.expressUnavailableOrder(postalCode));
  }
  // The day promised, from the courier's word just read: kept on the order for the customer, the
  // owner and the dashboard's late shipments. None with COURIER=off or the courier unreachable.
  const promisedDeliveryOn = calendar
    ? promisedDayFor(courierWord, shippingMethod, now, calendar)
    : null;
  // The fees too (docs/decisions/064): the courier's rates, where the owner chose them, are for
  // the cart's parcel as it weighs now; the transaction checks it still weighs as much.
  let weighedGrams = 0;
  const fees = await shippingFeesFor(input.shipping, postalCode, async () => {
    weighedGrams = packageWeightGrams(await listCartLines(database, input.userId));
    return weighedGrams;
  });
  const placed = await database.transaction(async (tx): Promise<PlacedOrder> => {
    const cart = await lockCartOf(tx, input.userId);

    const earlier = await orderPlacedWith(tx, input.userId, input.idempotencyKey);
    if (earlier) return { ...earlier, replayed: true };

    const lines = cart ? await listCartLines(tx, input.userId) : [];
    if (!cart || lines.length === 0) throw new OrderError("Your cart is empty");

    checkQuote(lines, input.quote);
    if (
      fees.from === "courier" &&
      weightSlabs(packageWeightGrams(lines)) !== weightSlabs(weighedGrams)
    ) {
      throw new OrderError(CART_CHANGED);
    }

    const coupon = cart.couponId
      ? await redeemableCoupon(tx, cart.couponId, input.userId, lines, now)
      : null;
    const totals = priceCart(lines, coupon, shippingMethod, fees.fees);
    // A page signed before delivery methods existed has no totals; its lines were checked above.
    const quotedTotal = input.quote?.totals?.[shippingMethod];
    if (quotedTotal !== undefined && quotedTotal !== totals.total) {
      throw new OrderError(
        `Your order total changed to ${formatRupees(totals.total)}. Please review your order and place it again.`,
      );
    }

    if (input.paymentMethod === "cod") {
      // Through the transaction: the embedded database runs one statement at a time, so a read
      // beside it would wait for it to end.
      const rules = cashOnDeliveryRules(await getSettings(tx));
      const availability = cashOnDeliveryAvailability(rules, {
        total: totals.total,
        postalCode: input.address.postalCode,
      });
      if (!availability.available) throw new CashOnDeliveryUnavailableError(availability.reason);
      // The shop's own limits are named first; then the courier's: it collects no cash there.
      if (courierSays) throw new CashOnDeliveryUnavailableError(courierSays.message);
    }

    const shippingAddressId = await shippingAddressFor(tx, input);
    const { order, itemOf } = await writeOrder(
      tx,
      {
        userId: input.userId,
        subtotal: totals.subtotal,
        discountAmount: totals.discount,
        shippingCost: totals.shipping,
        shippingMethod,
        promisedDeliveryOn,
        total: totals.total,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        paymentMethod: input.paymentMethod,
        paymentProvider: input.paymentMethod === "razorpay" ? (input.cardProvider ?? null) : null,
        shippingAddressId,
        shippingAddress: addressSnapshot(input.address),
        idempotencyKey: input.idempotencyKey,
      },
      lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        productName: line.productName,
        variantLabel: line.sizeLabel,
        sku: line.sku,
        hsnCode: line.hsnCode,
        gstRate: line.gstRate,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      now,
    );
    if (coupon) {
      await recordRedemption(tx, { couponId: coupon.id, userId: input.userId, orderId: order.id });
    }
    await emptyOrderedCart(tx, cart.id, now);
    // Before the order's messages are enqueued, so a customer opting in now hears of this order.
    const channels = input.messageChoices
      ? await recordCheckoutChoices(tx, input.userId, input.messageChoices, now)
      : undefined;
    // A card order becomes new when it is paid (markOrderPaid); cash on delivery is new at once.
    if (order.paymentMethod === "cod") {
      await notifyNewOrder(
        tx,
        order.id,
        new Date(),
        channels && { userId: input.userId, channels },
      );
    }
    // Last, so a product many are buying stays locked only until the commit that follows: the
    // take confirms the price and tax codes everything above was written with, or undoes it all.
    await takeCartStock(
      tx,
      lines.map((line) => ({ ...line, orderItemId: itemOf.get(line.variantId)! })),
    );
    return { ...order, replayed: false };
  });
  if (!placed.replayed) ordersPlaced.inc({ payment_method: placed.paymentMethod });
  return placed;
}

type CartLine = Awaited<ReturnType<typeof listCartLines>>[number];

const CART_CHANGED = "Your cart changed. Please review your order and place it again.";

function checkQuote(lines: CartLine[], quote: Quote | null) {
  if (!quote) return;
  for (const line of lines) {
    const seen = quote.lines.find((entry) => entry.variantId === line.variantId);
    if (seen && seen.unitPrice !== line.unitPrice) {
      throw new OrderError(
        `The price of ${line.name} changed from ${formatRupees(seen.unitPrice)} to ${formatRupees(line.unitPrice)}. Please review your order and place it again.`,
      );
    }
  }
  // A page signed before pack sizes names no size: its cart reads as changed.
  const quoted = new Set(quote.lines.map((entry) => `${entry.variantId}:${entry.quantity}`));
  if (
    lines.length !== quote.lines.length ||
    lines.some((l) => !quoted.has(`${l.variantId}:${l.quantity}`))
  ) {
    throw new OrderError(CART_CHANGED);
  }
}

/**
 * The inventory takes each size's stock (never below zero, rows in id order) from its lots, first
 * expiry first out, and records them on the order line; a line it cannot take is refused with the
 * product and size named. The price and tax codes come back from the same locked rows: the order
 * was written with the cart's reading of them, which must still be current.
 */
async function takeCartStock(tx: Transaction, lines: (CartLine & { orderItemId: string })[]) {
  const { taken, shortfall } = await takeStock(tx, lines, { forSale: true });
  const byId = new Map(lines.map((line) => [line.variantId, line]));
  for (const row of taken) {
    const line = byId.get(row.variantId)!;
    const unitPrice = row.discountPrice ?? row.price;
    if (unitPrice !== line.unitPrice) {
      throw new OrderError(
        `The price of ${line.name} changed to ${formatRupees(unitPrice)}. Please review your order and place it again.`,
      );
    }
    if (row.hsnCode !== line.hsnCode || row.gstRate !== line.gstRate) {
      throw new OrderError(
        `The tax details of ${line.name} changed. Please review your order and place it again.`,
      );
    }
  }
  if (shortfall) {
    const name = byId.get(shortfall.variantId)!.name;
    if (shortfall.status !== "published" || shortfall.archived) {
      throw new CartLineProblemError(
        `${cartLineProblemMessage({ name, problem: "unavailable", stock: 0 })}. Remove it from your cart.`,
      );
    }
    throw new CartLineProblemError(
      cartLineProblemMessage({ name, problem: "short", stock: shortfall.stock ?? 0 }),
    );
  }
}

/** The cart's coupon, checked again and its use counted (never past its usage limit). */
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
  if (!(await redeemCoupon(tx, coupon.id))) {
    throw new OrderError("Coupon limit reached! This coupon has been fully redeemed");
  }
  return coupon;
}

async function shippingAddressFor(tx: Transaction, input: PlaceOrderInput) {
  if (input.addressId) {
    const own = await findOwnAddress(tx, input.userId, input.addressId);
    if (!own) throw new OrderNotFoundError("Address not found");
    return own.id;
  }
  if (!input.saveAddress) return null;
  return addCheckoutAddress(tx, input.userId, input.address);
}
