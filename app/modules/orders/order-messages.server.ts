import { and, eq } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { ORDER_MESSAGE_EVENTS, type OrderMessageEvent } from "../../domain/order-messages";
import { smsTextProblems } from "../../domain/sms-text";
import type { Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";
import type { MessageWriter } from "../notifications/notice-writers.server";
import { getSettings } from "../settings/settings.server";
import { loadOrderForMail } from "./order-mail.server";
import { orderMessageText } from "./order-message-texts.server";
import { orderShortLinkCode } from "./order-short-links.server";

/**
 * What an order message says: the orders area writes its messages, the notifications area checks
 * and sends them (docs/decisions/063). Written when sent, from the order as it is then.
 */
const orderMessage: MessageWriter = async (database, { event, about, occasion, channel }) => {
  const order = await loadOrderForMail(database, about);
  if (!order) return null;
  const shop = await getSettings(database);
  const content = await orderMessageText(database, event as OrderMessageEvent, order, occasion, {
    channel,
    shopName: shop.shopName,
    // Made with the order's first message; one queued before short links is given its link now.
    code: await orderShortLinkCode(database, order.id),
  });
  if (!content) return null;
  if (channel === "sms") {
    // Only a PUBLIC_URL longer than decision 070 allows, or a total of a crore, gets here:
    // logged for the owner, and still sent (MSG91 sends the registered text).
    const problems = smsTextProblems(content.text, content.variables);
    if (problems.length > 0) logger.warn({ event, problems }, "order SMS is not one DLT segment");
  }
  return { phone: (await verifiedMobileOf(database, about)) ?? order.address.phone, ...content };
};

export const orderMessageWriters: Record<OrderMessageEvent, MessageWriter> = Object.fromEntries(
  ORDER_MESSAGE_EVENTS.map((event) => [event, orderMessage]),
) as Record<OrderMessageEvent, MessageWriter>;

/**
 * The mobile number the order's customer signs in with, proved by a code (decision 062), or
 * null: their messages go there, else to the order's delivery phone (docs/decisions/063).
 */
async function verifiedMobileOf(executor: Executor, orderId: string) {
  const order = executor.select({ mobile: customerColumns.phoneNumber }).from(orders).$dynamic();
  const [row] = await joinCustomer(order, orders.userId).where(
    and(eq(orders.id, orderId), eq(customerColumns.phoneNumberVerified, true)),
  );
  return row?.mobile ?? null;
}
