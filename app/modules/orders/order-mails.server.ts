import {
  mailOccasion,
  NEW_ORDER_MAIL_KINDS,
  ORDER_MAIL_KINDS,
  type OrderMailKind,
} from "../../domain/mail-outbox";
import type { MessageChannel, OrderMessageEvent } from "../../domain/order-messages";
import type { Transaction } from "../../lib/db.server";
import { enqueueMail, enqueueMails } from "../notifications/mail-outbox.server";
import type { MailWriter } from "../notifications/notice-writers.server";
import { newOrderAlertMail } from "./new-order-alert.server";
import { composeCustomerMail } from "./order-mail.server";
import { enqueueOrderMessage } from "./order-messages.server";

/** What each order mail says: the orders area writes them, the outbox sends them (decision 055). */
const orderMail: MailWriter = (database, { kind, about, occasion }) =>
  kind === "new-order-alert"
    ? newOrderAlertMail(database, about)
    : composeCustomerMail(
        kind as Exclude<OrderMailKind, "new-order-alert">,
        database,
        about,
        occasion,
      );

export const orderMailWriters: Record<OrderMailKind, MailWriter> = Object.fromEntries(
  ORDER_MAIL_KINDS.map((kind) => [kind, orderMail]),
) as Record<OrderMailKind, MailWriter>;

/** The steps told by mail that a customer who opted in also hears of by message (decision 063). */
const MESSAGE_EVENT_OF_MAIL: Partial<Record<OrderMailKind, OrderMessageEvent>> = {
  "order-confirmation": "order-placed",
  "order-shipped": "order-shipped",
  "delivery-failed": "delivery-failed",
  "order-delivered": "order-delivered",
  "order-cancelled": "order-cancelled",
  "refund-processed": "refund-processed",
};

/**
 * The one rule for an order that has just become new (a cash-on-delivery order placed, a card
 * order paid): its confirmation and the shop's alert are to be sent. Call it inside the
 * transaction that makes the order new, so the mails exist exactly when that change commits; a
 * second call does not add them again.
 */
export async function enqueueNewOrderMails(
  tx: Transaction,
  orderId: string,
  now = new Date(),
  customer?: { userId: string; channels: readonly MessageChannel[] },
) {
  await enqueueMails(
    tx,
    NEW_ORDER_MAIL_KINDS.map((kind) => ({ kind, about: orderId, occasion: "" })),
    now,
  );
  await enqueueOrderMessage(tx, {
    orderId,
    event: "order-placed",
    at: now,
    occasion: "",
    customer,
  });
}

/**
 * A mail telling the customer of a step their order took at `at` (docs/decisions/038). Call it in
 * the transaction that takes the step. A step that happens once per order is written once however
 * often this is called.
 */
export async function enqueueOrderMail(
  tx: Transaction,
  kind: OrderMailKind,
  orderId: string,
  at = new Date(),
  occasion = mailOccasion(kind, at),
) {
  await enqueueMail(tx, { kind, about: orderId, occasion }, at);
  const event = MESSAGE_EVENT_OF_MAIL[kind];
  if (event) await enqueueOrderMessage(tx, { orderId, event, at, occasion });
}
