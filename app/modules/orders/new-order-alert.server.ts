import { and, count, eq, or } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { composeMail } from "../../domain/mail-layout";
import { formatRupees } from "../../domain/money";
import { paymentMethodLabel } from "../../domain/orders";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { MailMessage } from "../../lib/mail.server";
import { getSettings } from "../settings/settings.server";
import { loadOrderForMail } from "./order-mail.server";

/**
 * A new order is one still in its first status that the shop can act on: cash on delivery, or a
 * card order whose payment has arrived (an unpaid card order may still expire).
 */
export const isNewOrder = and(
  eq(orders.status, "pending"),
  or(eq(orders.paymentMethod, "cod"), eq(orders.paymentStatus, "paid")),
);

/** The back office's count of new orders (the badge on the Orders link). */
export async function countNewOrders(executor: Executor): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(orders).where(isNewOrder);
  return row?.n ?? 0;
}

/**
 * Tells the shop's address (Settings) about an order that has just become new: a cash-on-delivery
 * order once placed, a card order once paid. Sent through the mail outbox; null when the order is
 * gone.
 */
export async function newOrderAlertMail(
  executor: Executor,
  orderId: string,
): Promise<MailMessage | null> {
  const order = await loadOrderForMail(executor, orderId);
  // An order cancelled before its mail went out (the mail server was down) is not announced.
  if (!order || order.status === "cancelled") return null;
  const shop = await getSettings(executor);
  const a = order.address;
  const mail = composeMail({
    shopName: shop.shopName,
    title: `New order ${order.orderNumber}`,
    paragraphs: [
      `A new order ${order.orderNumber} has arrived.`,
      order.items.map((item) => `${item.quantity} x ${item.name}`),
    ],
    table: [
      {
        label: "Customer",
        value: `${order.fullName || a.fullName}${order.email ? ` <${order.email}>` : ""}`,
      },
      { label: "Ship to", value: `${a.city}, ${a.state} ${a.postalCode}` },
      {
        label: "Payment",
        value: `${paymentMethodLabel(order)}${order.paymentStatus === "paid" ? " (paid)" : ""}`,
      },
      { label: "Total", value: formatRupees(order.total), strong: true },
    ],
    button: {
      label: "Open it",
      url: `${getEnv().PUBLIC_URL}/admin/orders?q=${encodeURIComponent(order.orderNumber)}`,
    },
  });
  return { to: shop.email, subject: `New order ${order.orderNumber}`, ...mail };
}
