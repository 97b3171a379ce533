import { and, eq, isNull } from "drizzle-orm";
import { messageConsents, orders, profiles } from "../../../db/schema";
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  messageOccasion,
  ORDER_MESSAGE_EVENTS,
  type OrderMessageEvent,
} from "../../domain/order-messages";
import { smsTextProblems } from "../../domain/sms-text";
import type { Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { enqueueCustomerMessage } from "../notifications/customer-message-job.server";
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
  const [row] = await executor
    .select({ mobile: profiles.phoneNumber })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(profiles.phoneNumberVerified, true)));
  return row?.mobile ?? null;
}

/**
 * Tells a customer who opted in of a step their order took, one message per chosen channel
 * (docs/decisions/063). Call it in the transaction that takes the step, so the messages exist
 * exactly when the step commits; the same step (and occasion) is written once however often this
 * is called. A customer who has not opted in gets nothing; consent is checked again when sent.
 * Also the way in for steps other areas see first, such as a courier's "out for delivery". The
 * order's short link (docs/decisions/070) is written with its first message.
 */
export async function enqueueOrderMessage(
  tx: Executor,
  input: {
    orderId: string;
    event: OrderMessageEvent;
    at?: Date;
    occasion?: string;
    /** The customer and the channels they consent to, when the caller has just written them. */
    customer?: { userId: string; channels: readonly MessageChannel[] };
  },
) {
  const customer = input.customer ?? (await consentsOfOrderCustomer(tx, input.orderId));
  if (!customer) return 0;
  const at = input.at ?? new Date();
  let written = 0;
  // A channel switched off is skipped, with why, when its message would be sent.
  for (const channel of MESSAGE_CHANNELS) {
    if (!customer.channels.includes(channel)) continue;
    const added = await enqueueCustomerMessage(tx, {
      event: input.event,
      about: input.orderId,
      occasion: input.occasion ?? messageOccasion(input.event, at),
      channel,
      userId: customer.userId,
    });
    if (added) written++;
  }
  // The link the messages carry, in their transaction: one per order, reused by later steps.
  if (written > 0) await orderShortLinkCode(tx, input.orderId);
  return written;
}

/** The order's customer and the channels they consent to now, in one statement. */
async function consentsOfOrderCustomer(executor: Executor, orderId: string) {
  const rows = await executor
    .select({ userId: orders.userId, channel: messageConsents.channel })
    .from(orders)
    .leftJoin(
      messageConsents,
      and(eq(messageConsents.userId, orders.userId), isNull(messageConsents.withdrawnAt)),
    )
    .where(eq(orders.id, orderId));
  const userId = rows[0]?.userId;
  if (!userId) return null;
  return {
    userId,
    channels: rows.flatMap((row) => (row.channel ? [row.channel] : [])),
  };
}
