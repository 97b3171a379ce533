import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { ORDER_MAIL_KINDS, type OrderMailKind } from "../../domain/mail-outbox";
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  messageOccasion,
  ORDER_MESSAGE_EVENTS,
  type OrderMessageEvent,
} from "../../domain/order-messages";
import type { Executor } from "../../lib/db.server";
import { notifyAll } from "../notifications/notify.server";
import { joinOpenConsents, openConsentColumns } from "../notifications/open-consents.server";
import { orderShortLinkCode } from "./order-short-links.server";

/**
 * A step of an order its customer is told of, by one name on every channel (docs/decisions/038,
 * 063, 081): by mail for the steps that have one, by SMS and WhatsApp, to a customer who opted
 * in, for the steps that have a message.
 */
export type OrderStep = Exclude<OrderMailKind, "new-order-alert"> | OrderMessageEvent;

const MAILED: readonly string[] = ORDER_MAIL_KINDS;
const MESSAGED: readonly string[] = ORDER_MESSAGE_EVENTS;

/** The customer who opted in, and to what, when the caller has just written it (checkout). */
type KnownCustomer = { userId: string; channels: readonly MessageChannel[] };

/**
 * Tells the order's customer of a step it took at `at`, on every channel the step goes by. Call
 * it in the transaction that takes the step, so the notices exist exactly when the step commits;
 * the same step (and occasion: a refund's id, the moment of a step that can happen again) is
 * told once however often this is called. Also the way in for steps other areas see first, such
 * as a courier's "out for delivery". The order's short link (decision 070) is written with its
 * first message.
 */
export async function notifyOrderStep(
  tx: Executor,
  step: OrderStep,
  orderId: string,
  at = new Date(),
  occasion = messageOccasion(step, at),
  customer?: KnownCustomer,
) {
  const [written] = await tellOrder(tx, orderId, [{ step, occasion }], at, customer);
  return written!;
}

/**
 * The one rule for an order that has just become new (a cash-on-delivery order placed, a card
 * order paid): its customer is told it was placed, and the shop is alerted. Call it inside the
 * transaction that makes the order new; a second call adds nothing.
 */
export async function notifyNewOrder(
  tx: Executor,
  orderId: string,
  now = new Date(),
  customer?: KnownCustomer,
) {
  await tellOrder(
    tx,
    orderId,
    [
      { step: "order-placed", occasion: "" },
      { step: "new-order-alert", occasion: "", toShop: true },
    ],
    now,
    customer,
  );
}

/** The order's notices, in one go; the order's short link is written with its first message. */
async function tellOrder(
  tx: Executor,
  orderId: string,
  steps: readonly { step: OrderStep | "new-order-alert"; occasion: string; toShop?: boolean }[],
  at: Date,
  customer: KnownCustomer | undefined,
) {
  const known = customer ?? (await consentsOfOrderCustomer(tx, orderId));
  const userId = known?.userId ?? null;
  const written = await notifyAll(
    tx,
    steps.map(({ step, occasion, toShop }) => ({
      event: step,
      about: orderId,
      occasion,
      userId: toShop ? null : userId,
      mail: MAILED.includes(step),
      messages: !toShop && MESSAGED.includes(step) ? MESSAGE_CHANNELS : [],
      consents: known?.channels ?? [],
    })),
    at,
  );
  // The link the messages carry, in their transaction: one per order, reused by later steps.
  if (written.some((channels) => channels.has("sms") || channels.has("whatsapp"))) {
    await orderShortLinkCode(tx, orderId);
  }
  return written;
}

/** The order's customer and the channels they consent to now, in one statement. */
async function consentsOfOrderCustomer(
  executor: Executor,
  orderId: string,
): Promise<KnownCustomer | null> {
  const order = executor
    .select({ userId: orders.userId, channel: openConsentColumns.channel })
    .from(orders)
    .$dynamic();
  const rows = await joinOpenConsents(order, orders.userId).where(eq(orders.id, orderId));
  const userId = rows[0]?.userId;
  if (!userId) return null;
  return { userId, channels: rows.flatMap((row) => (row.channel ? [row.channel] : [])) };
}
