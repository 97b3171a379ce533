import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CONSENT_SOURCES,
  DEFAULT_ORDER_MESSAGES_PER_HOUR,
  MESSAGE_CHANNELS,
  MESSAGE_STATES,
  NOTICE_CHANNELS,
} from "../../app/domain/order-messages";
import type { MessageTemplates } from "../../app/domain/validation/order-messages";
import { profiles } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";

/**
 * A customer's consent to order updates on one channel (docs/decisions/063): a row per opt-in,
 * closed by its withdrawal, so the history stays. At most one open row per customer and channel.
 */
export const messageConsents = pgTable(
  "message_consents",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    optedInAt: timestamp("opted_in_at", { withTimezone: true }).notNull(),
    optedInVia: text("opted_in_via", { enum: CONSENT_SOURCES }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnVia: text("withdrawn_via", { enum: CONSENT_SOURCES }),
  },
  (t) => [
    uniqueIndex("message_consents_one_open")
      .on(t.userId, t.channel)
      .where(sql`${t.withdrawnAt} is null`),
    index("message_consents_user_idx").on(t.userId, t.optedInAt),
    check("message_consents_channel_check", sql`${t.channel} in ('whatsapp','sms')`),
    check(
      "message_consents_sources_check",
      sql`${t.optedInVia} in ('checkout','profile') and (${t.withdrawnVia} is null or ${t.withdrawnVia} in ('checkout','profile'))`,
    ),
    check(
      "message_consents_withdrawn_together",
      sql`(${t.withdrawnAt} is null) = (${t.withdrawnVia} is null) and (${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.optedInAt})`,
    ),
  ],
);

/**
 * The notifications log (docs/decisions/063, 081): every notice the shop sends, on every channel
 * (e-mail, SMS, WhatsApp), from the moment it is enqueued: what it is about (an order's id, a
 * customer's for a recall, a sign-in code's), the event and its occasion, the channel, and how it
 * went. The same event, occasion and channel of one subject is one row, so a notice is written and
 * sent once.
 */
export const customerMessages = pgTable(
  "customer_messages",
  {
    id: id(),
    /**
     * What the notice is about, by id: the notifications area keeps and sends, it does not know
     * orders. Text, as a back-office alert is about a budget ("new"), not a row.
     */
    about: text("about").notNull(),
    event: text("event").notNull(),
    occasion: text("occasion").notNull().default(""),
    channel: text("channel", { enum: NOTICE_CHANNELS }).notNull(),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The number it went to, in E.164, or the e-mail address, once it was sent or tried. */
    recipient: text("recipient"),
    /**
     * What the customer read: the SMS text, or the WhatsApp template filled in. Not kept for a
     * mail (its links sign in and reset) nor for a sign-in code.
     */
    body: text("body"),
    state: text("state", { enum: MESSAGE_STATES }).notNull().default("queued"),
    error: text("error"),
    providerId: text("provider_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the provider's delivery report said it reached the phone (docs/decisions/065). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customer_messages_once").on(t.about, t.event, t.occasion, t.channel),
    index("customer_messages_sent_idx").on(t.sentAt).where(sql`${t.state} = 'sent'`),
    // A delivery report finds its message by the provider's id on its channel.
    index("customer_messages_provider_idx").on(t.channel, t.providerId),
    check(
      "customer_messages_state_check",
      sql`${t.state} in ('queued','sent','delivered','failed','skipped')`,
    ),
    check("customer_messages_channel_check", sql`${t.channel} in ('email','whatsapp','sms')`),
  ],
);

/**
 * How order messages are sent (docs/decisions/063): one row, edited in the back office. The
 * templates are per event and channel: an SMS's DLT template id, a WhatsApp template's name.
 */
export const messageSettings = pgTable(
  "message_settings",
  {
    id: integer("id").primaryKey().default(1),
    templates: jsonb("templates").$type<Partial<MessageTemplates>>().notNull().default({}),
    smsSenderId: text("sms_sender_id").notNull().default(""),
    whatsappLanguage: text("whatsapp_language").notNull().default("en"),
    /** The most order messages the shop sends in any hour, both channels together. */
    orderMessagesPerHour: integer("order_messages_per_hour")
      .notNull()
      .default(DEFAULT_ORDER_MESSAGES_PER_HOUR),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("message_settings_single_row", sql`${t.id} = 1`),
    check("message_settings_cap_range", sql`${t.orderMessagesPerHour} between 1 and 100000`),
  ],
);
