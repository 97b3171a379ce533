import { ORDER_MAIL_KINDS, type OrderMailKind } from "../../domain/mail-outbox";
import type { MailWriter } from "../notifications/notice-writers.server";
import { newOrderAlertMail } from "./new-order-alert.server";
import { composeCustomerMail } from "./order-mail.server";

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
