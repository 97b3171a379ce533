import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DISCOUNT_TYPES } from "../../app/domain/coupons";
import type { CreditNoteLine } from "../../app/domain/credit-note";
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
} from "../../app/domain/orders";
import { REFUND_STATUSES } from "../../app/domain/refunds";
import { SHIPPING_METHODS } from "../../app/domain/shipping";
import { addresses, profiles } from "./accounts";
import { products, productVariants } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";

/**
 * discount_value is a whole percent for "percentage" coupons and paise for "fixed" ones;
 * max_discount and min_order_value are paise.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull().unique(),
    discountType: text("discount_type", { enum: DISCOUNT_TYPES }).notNull().default("percentage"),
    discountValue: integer("discount_value").notNull(),
    maxDiscount: integer("max_discount"),
    minOrderValue: integer("min_order_value"),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    usedCount: integer("used_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("coupons_active_created_idx").on(t.isActive, t.createdAt),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code}) and char_length(${t.code}) > 0`),
    check("coupons_discount_type_check", sql`${t.discountType} in ('percentage', 'fixed')`),
    check(
      "coupons_discount_value_range",
      sql`${t.discountValue} > 0 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 100)`,
    ),
    check("coupons_max_discount_positive", sql`${t.maxDiscount} is null or ${t.maxDiscount} > 0`),
    check(
      "coupons_min_order_non_negative",
      sql`${t.minOrderValue} is null or ${t.minOrderValue} >= 0`,
    ),
    check("coupons_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check(
      "coupons_per_customer_limit_positive",
      sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`,
    ),
    check(
      "coupons_used_count_range",
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** One cart per signed-in customer, kept on the server (docs/DESIGN.md §6.5). */
export const carts = pgTable("carts", {
  id: id(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: "cascade" }),
  couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One line per pack size (docs/decisions/056); the product is the size's. */
export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 10`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("wishlist_user_product").on(t.userId, t.productId)],
);

/** The shipping address as it was when the order was placed; later edits do not rewrite history. */
export type ShippingAddressSnapshot = {
  fullName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
};

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    orderNumber: text("order_number").notNull().unique(),
    subtotal: integer("subtotal").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    shippingCost: integer("shipping_cost").notNull().default(0),
    /** The delivery the customer chose; shipping_cost is what the shop charged for it. */
    shippingMethod: text("shipping_method", { enum: SHIPPING_METHODS })
      .notNull()
      .default("standard"),
    total: integer("total").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("cod"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** Card orders: "test" when the built-in test gateway took (or is to take) the payment. */
    paymentProvider: text("payment_provider", { enum: PAYMENT_PROVIDERS }),
    shippingAddressId: uuid("shipping_address_id").references(() => addresses.id, {
      onDelete: "set null",
    }),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddressSnapshot>().notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    trackingId: text("tracking_id"),
    /**
     * The day the shop promised delivery when the order was placed (docs/decisions/072), India's
     * date; null for orders from before it, and with COURIER=off or the courier's word unknown.
     */
    promisedDeliveryOn: date("promised_delivery_on", { mode: "string" }),
    /** Client-supplied key that makes a repeated "Place Order" return the first order. */
    idempotencyKey: text("idempotency_key"),
    invoiceNumber: text("invoice_number").unique(),
    /** When the GST invoice was issued (its invoice date); set together with invoice_number. */
    invoicedAt: timestamp("invoiced_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_id_created_idx").on(t.userId, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status),
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending','processing','shipped','delivered','cancelled')`,
    ),
    check("orders_shipping_method_check", sql`${t.shippingMethod} in ('standard','express')`),
    check("orders_payment_method_check", sql`${t.paymentMethod} in ('cod','razorpay')`),
    check(
      "orders_payment_provider_check",
      sql`${t.paymentProvider} is null or (${t.paymentMethod} = 'razorpay' and ${t.paymentProvider} in ('razorpay','test'))`,
    ),
    check(
      "orders_payment_status_check",
      sql`${t.paymentStatus} in ('pending','paid','failed','refunded')`,
    ),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.discountAmount} >= 0 and ${t.shippingCost} >= 0 and ${t.total} >= 0`,
    ),
    check("orders_invoice_dated", sql`(${t.invoiceNumber} is null) = (${t.invoicedAt} is null)`),
    check(
      "orders_total_adds_up",
      sql`${t.total} = ${t.subtotal} - ${t.discountAmount} + ${t.shippingCost}`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The pack size sold; its stock is what a cancellation gives back (docs/decisions/056). */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** The size's label and SKU as they were when the order was placed ('' : the only size). */
    variantLabel: text("variant_label").notNull().default(""),
    /** Null only on lines whose product was deleted before the shop had pack sizes. */
    sku: text("sku"),
    hsnCode: text("hsn_code").notNull(),
    gstRate: numeric("gst_rate", { precision: 4, scale: 2, mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    totalPrice: integer("total_price").notNull(),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    index("order_items_variant_id_idx").on(t.variantId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_total_adds_up", sql`${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

/** Who used which coupon on which order, for per-customer limits and for giving a use back. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId)],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("razorpay"),
    providerOrderId: text("provider_order_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_order_id_idx").on(t.orderId),
    check("payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Money given back on a card payment (docs/decisions/039). A row is written in the transaction
 * that decides the refund (a cancellation, the owner's partial refund) and is itself the outbox:
 * a job sends it to the gateway with `idempotency_key`, so a crash between the commit and the call
 * neither loses nor doubles it. `provider_refund_id` is set once the gateway has it; the status
 * follows the gateway's answer, its webhook and a periodic check.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    /** Sent to the gateway as X-Refund-Idempotency; a retry after a failure gets a new one. */
    idempotencyKey: uuid("idempotency_key").notNull().defaultRandom(),
    providerRefundId: text("provider_refund_id").unique(),
    /** Null for a cancellation's refund made by the customer or the payment window. */
    requestedBy: uuid("requested_by").references(() => profiles.id, { onDelete: "set null" }),
    /** Why the gateway refused it, or why the last send failed while it is retried. */
    lastError: text("last_error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order_id_idx").on(t.orderId),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** Webhook deliveries already handled, so a repeated event id changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  eventType: text("event_type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * GST credit notes (docs/decisions/040): issued against an order's tax invoice when it is
 * cancelled or refunded in part. Its lines are kept as issued (the figures of
 * app/domain/credit-note.ts), so a reprint shows the same document under the same number.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: text("number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    /** The refund it goes with, when one does (a cash-on-delivery cancellation has none). */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    supply: text("supply", { enum: ["intra-state", "inter-state"] }).notNull(),
    lines: jsonb("lines").$type<CreditNoteLine[]>().notNull(),
    amount: integer("amount").notNull(),
    taxableValue: integer("taxable_value").notNull(),
    cgst: integer("cgst").notNull(),
    sgst: integer("sgst").notNull(),
    igst: integer("igst").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_notes_order_id_idx").on(t.orderId),
    index("credit_notes_issued_at_idx").on(t.issuedAt),
    check("credit_notes_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** Credit note numbers run from 1 in each financial year, in their own series (rule 53). */
export const creditNoteCounters = pgTable("credit_note_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/** GST invoice numbers run from 1 in each Indian financial year (April to March). */
export const invoiceCounters = pgTable("invoice_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});
