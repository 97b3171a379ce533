import { eq } from "drizzle-orm";
import { orderItems, orders, profiles } from "../../../db/schema";
import { composeMail } from "../../domain/mail-layout";
import { formatRupees } from "../../domain/money";
import { PAYMENT_METHOD_LABELS } from "../../domain/orders";
import { shippingMethodLabel } from "../../domain/shipping";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { type MailMessage, mailer } from "../../lib/mail.server";
import { getSettings } from "../settings/settings.server";

type ShippingAddress = (typeof orders.$inferSelect)["shippingAddress"];

function addressLines(a: ShippingAddress) {
  return [
    a.fullName,
    a.addressLine1,
    ...(a.addressLine2 ? [a.addressLine2] : []),
    `${a.city}, ${a.state} ${a.postalCode}`,
  ];
}

/**
 * The confirmation a customer keeps: what was ordered, what it cost, where it goes. Sent through
 * the mail outbox when a cash-on-delivery order is placed and when a card order is paid; null when
 * the order or its customer is gone.
 */
export async function orderConfirmationMail(
  executor: Executor,
  orderId: string,
): Promise<MailMessage | null> {
  const [order] = await executor
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      subtotal: orders.subtotal,
      discount: orders.discountAmount,
      couponCode: orders.couponCode,
      shipping: orders.shippingCost,
      shippingMethod: orders.shippingMethod,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      address: orders.shippingAddress,
      email: profiles.email,
      fullName: profiles.fullName,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  // An order cancelled before its mail went out (the mail server was down) is not announced.
  if (!order || order.status === "cancelled") return null;
  const items = await executor
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      total: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const shop = await getSettings(executor);
  const mail = composeMail({
    shopName: shop.shopName,
    title: `Thank you for your order ${order.orderNumber}`,
    paragraphs: [
      `Namaste ${order.fullName},`,
      `Thank you for your order ${order.orderNumber}. We will send it within 1-2 business days.`,
      ["Shipping to:", ...addressLines(order.address), `Phone: ${order.address.phone}`],
    ],
    table: [
      ...items.map((item) => ({
        label: `${item.quantity} x ${item.name}`,
        value: formatRupees(item.total),
      })),
      { label: "Subtotal", value: formatRupees(order.subtotal) },
      ...(order.discount > 0
        ? [
            {
              label: `Discount${order.couponCode ? ` (${order.couponCode})` : ""}`,
              value: `-${formatRupees(order.discount)}`,
            },
          ]
        : []),
      {
        label: `Shipping (${shippingMethodLabel(order.shippingMethod)})`,
        value: order.shipping === 0 ? "Free" : formatRupees(order.shipping),
      },
      { label: "Total", value: formatRupees(order.total), strong: true },
      {
        label: "Payment",
        value: `${PAYMENT_METHOD_LABELS[order.paymentMethod]}${order.paymentStatus === "paid" ? " (paid)" : ""}`,
      },
    ],
    button: { label: "Your orders", url: `${getEnv().PUBLIC_URL}/profile?tab=orders` },
  });
  return { to: order.email, subject: `Order confirmed: ${order.orderNumber}`, ...mail };
}

/**
 * docs/SPEC.md §4: the customer hears that their order shipped, with its tracking ID. Sent after the
 * tracking ID is saved; a mail failure is logged and never undoes the change.
 */
export async function sendShippingNotice(executor: Executor, orderId: string) {
  try {
    const [order] = await executor
      .select({
        orderNumber: orders.orderNumber,
        trackingId: orders.trackingId,
        address: orders.shippingAddress,
        email: profiles.email,
        fullName: profiles.fullName,
      })
      .from(orders)
      .innerJoin(profiles, eq(profiles.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!order?.trackingId) return;
    const shop = await getSettings(executor);
    const mail = composeMail({
      shopName: shop.shopName,
      title: `Your order ${order.orderNumber} has shipped`,
      paragraphs: [
        `Namaste ${order.fullName},`,
        `Your order ${order.orderNumber} has shipped. Standard delivery takes 5-7 business days.`,
        ["It is on its way to:", ...addressLines(order.address)],
      ],
      table: [{ label: "Tracking ID", value: order.trackingId }],
      button: { label: "Your orders", url: `${getEnv().PUBLIC_URL}/profile?tab=orders` },
    });
    await mailer().send({
      to: order.email,
      subject: `Your order ${order.orderNumber} has shipped`,
      ...mail,
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "shipping notice mail failed");
  }
}
