import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog, backgroundJobs } from "../../../db/schema";
import { composeMail } from "../../domain/mail-layout";
import { isPlaceholderEmail } from "../../domain/mobile-number";
import { indianMobile, MESSAGE_CHANNELS, type MessageChannel } from "../../domain/order-messages";
import { recallMessage } from "../../domain/recall-message";
import { RECALL_CHANNELS, type RecallChannel } from "../../domain/recall-summary";
import type { Executor } from "../../lib/db.server";
import type { MailMessage } from "../../lib/mail.server";
import { customerColumns, selectCustomers } from "../accounts/customer-columns.server";
import { MAIL_JOB, mailJobKey } from "../notifications/mail-outbox.server";
import type { NoticeWriters } from "../notifications/notice-writers.server";
import { channelEnabled, type Notifications } from "../notifications/notifications.server";
import { notify } from "../notifications/notify.server";
import { joinOpenConsents, openConsentColumns } from "../notifications/open-consents.server";
import { getSettings } from "../settings/settings.server";
import { type BatchRecipient, recipientsOfBatch } from "./batch-recall.server";

/**
 * The notice telling a customer that a batch they received is recalled, by mail (docs/decisions/
 * 059), SMS and WhatsApp (067): one name on every channel (081).
 */
export const RECALL_EVENT = "recall";

export { RECALL_CHANNELS, type RecallChannel };

/**
 * One notice per customer, batch and channel, ever: the subject is the customer (`about`) and the
 * batch as the shop compares it, in lower case (`occasion`), so pressing the button again, or in
 * two tabs at once, writes no second mail or message (their unique keys).
 */
export function recallSubject(customerId: string, batch: string) {
  return { about: customerId, occasion: batch.toLowerCase() };
}

export const recallMailKey = (customerId: string, batch: string) =>
  mailJobKey({ kind: RECALL_EVENT, ...recallSubject(customerId, batch) });

/** The lines of a batch a customer received: orders shipped or delivered. */
async function receivedLines(executor: Executor, customerId: string, batch: string) {
  return (await recipientsOfBatch(executor, batch)).filter(
    (row) => row.customerId === customerId && row.received,
  );
}

/** The notice as it is sent: what the customer received of the batch, and what to do. */
export async function recallNoticeMail(
  executor: Executor,
  customerId: string,
  batch: string,
): Promise<MailMessage | null> {
  const [customer] = await selectCustomers(executor, {
    email: customerColumns.email,
    fullName: customerColumns.fullName,
  }).where(eq(customerColumns.id, customerId));
  if (!customer || isPlaceholderEmail(customer.email)) return null;
  const lines = await receivedLines(executor, customerId, batch);
  if (lines.length === 0) return null;
  const shop = await getSettings(executor);
  const batchNumber = lines[0]!.batchNumber;
  const items = [...new Set(lines.map((line) => line.item))];
  const mail = composeMail({
    shopName: shop.shopName,
    title: `Recall of batch ${batchNumber}`,
    paragraphs: [
      `Dear ${customer.fullName.trim() || lines[0]!.customerName},`,
      `We are recalling batch ${batchNumber} of ${items.join(", ")}. You received it with the order${lines.length > 1 ? "s" : ""} below.`,
      `Please stop using it and contact us at ${shop.phone} or ${shop.email} for a replacement or refund.`,
    ],
    table: lines.map((line) => ({
      label: `${line.item}, batch ${line.batchNumber} (order ${line.orderNumber})`,
      value: `${line.quantity}`,
    })),
    footnotes: ["We are sorry for the trouble, and thank you for your help."],
  });
  return {
    to: customer.email,
    subject: `Recall: ${items.join(", ")}, batch ${batchNumber}`,
    ...mail,
  };
}

/**
 * The recall notice on every channel. The SMS goes whatever the customer chose for order updates:
 * a recall is a service message. WhatsApp still needs their opt-in, as WhatsApp's rules require
 * (docs/decisions/067).
 */
const RECALL_WITHOUT_CONSENT: readonly MessageChannel[] = ["sms"];

export const recallNoticeWriters: NoticeWriters = {
  mails: {
    [RECALL_EVENT]: (database, { about, occasion }) => recallNoticeMail(database, about, occasion),
  },
  messages: {
    [RECALL_EVENT]: async (database, { about, occasion }) => {
      const lines = await receivedLines(database, about, occasion);
      if (lines.length === 0) return null;
      const [account] = await accountsOf(database, [about]);
      const shop = await getSettings(database);
      const items = [...new Set(lines.map((line) => line.item))];
      const message = recallMessage({
        item: items.length > 1 ? `${items[0]} & more` : items[0]!,
        batch: lines[0]!.batchNumber,
        phone: shop.phone,
        shop: shop.shopName,
      });
      return { phone: account ? mobileOf(account, lines) : null, ...message };
    },
  },
  withoutConsent: { [RECALL_EVENT]: RECALL_WITHOUT_CONSENT },
};

type Account = Awaited<ReturnType<typeof accountsOf>>[number];

/** The customers' accounts: address, verified mobile and open WhatsApp consent. */
async function accountsOf(executor: Executor, customerIds: string[]) {
  if (customerIds.length === 0) return [];
  const customers = selectCustomers(executor, {
    id: customerColumns.id,
    email: customerColumns.email,
    mobile: sql<
      string | null
    >`case when ${customerColumns.phoneNumberVerified} then ${customerColumns.phoneNumber} end`,
    whatsapp: sql<boolean>`${openConsentColumns.id} is not null`,
  });
  return joinOpenConsents(customers, customerColumns.id, "whatsapp").where(
    inArray(customerColumns.id, customerIds),
  );
}

/**
 * The number a recall goes to: the mobile the customer signs in with, proved by a code
 * (decision 062), else the phone of their latest order that received the batch.
 */
function mobileOf(account: Account, lines: readonly BatchRecipient[]) {
  return indianMobile(account.mobile) ?? indianMobile(lines[0]?.phone);
}

/** What a channel did for one customer at a recall: queued now, told before, or why not. */
export type ChannelPlan =
  | { channel: RecallChannel; outcome: "queued" | "told-before" }
  | { channel: RecallChannel; outcome: "skipped"; reason: string };

export type CustomerNotice = {
  customerId: string;
  customerName: string;
  channels: ChannelPlan[];
};

/** Why a channel cannot reach a customer, or null when it can. */
export function skipReason(
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  channel: RecallChannel,
  account: { email: string; mobile: string | null; whatsapp: boolean } | undefined,
  number: string | null,
): string | null {
  if (!account) return "the account was deleted";
  if (channel === "email") return isPlaceholderEmail(account.email) ? "no e-mail address" : null;
  if (!channelEnabled(notifications, channel))
    return `${channel === "sms" ? "SMS" : "WhatsApp"} is switched off`;
  if (!number) return "no mobile number";
  if (channel === "whatsapp" && !account.whatsapp) return "not opted in to WhatsApp";
  return null;
}

/**
 * Queues the recall notice to every customer who received the batch (orders shipped or
 * delivered; an order not yet shipped did not), in the caller's transaction: on every channel
 * they can receive, each once ever per customer and batch. Returns what each channel did.
 */
export async function queueRecallNotices(
  tx: Executor,
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  batch: string,
  recipients: readonly BatchRecipient[],
): Promise<CustomerNotice[]> {
  const received = recipients.filter((row) => row.received && row.customerId);
  const customerIds = [...new Set(received.map((row) => row.customerId!))];
  const accounts = new Map((await accountsOf(tx, customerIds)).map((a) => [a.id, a]));
  const toldByMail = await customersMailed(tx, batch, customerIds);
  const notices: CustomerNotice[] = [];
  for (const customerId of customerIds) {
    const lines = received.filter((row) => row.customerId === customerId);
    const account = accounts.get(customerId);
    const number = account ? mobileOf(account, lines) : null;
    const plan = RECALL_CHANNELS.map((channel) => ({
      channel,
      reason: skipReason(notifications, channel, account, number),
    }));
    const reachable = new Set(plan.flatMap((p) => (p.reason ? [] : [p.channel])));
    const told = toldByMail.has(customerId);
    const written = await notify(tx, {
      event: RECALL_EVENT,
      ...recallSubject(customerId, batch),
      userId: customerId,
      mail: reachable.has("email") && !told,
      messages: MESSAGE_CHANNELS.filter((channel) => reachable.has(channel)),
      withoutConsent: RECALL_WITHOUT_CONSENT,
    });
    const channels = plan.map(
      ({ channel, reason }): ChannelPlan =>
        reason
          ? { channel, outcome: "skipped", reason }
          : { channel, outcome: written.has(channel) ? "queued" : "told-before" },
    );
    notices.push({ customerId, customerName: lines[0]!.customerName, channels });
  }
  return notices;
}

/** The audit actions whose entries name the customers told of a batch. */
export const RECALL_AUDIT_ACTIONS = ["send-recall-notices", "recall-batch"] as const;

/**
 * The customers already mailed the notice of a batch: those whose mail job exists (the unique key
 * also settles two presses at once) and those an earlier press's audit entry names, which stays
 * after finished jobs are pruned (docs/decisions/055), so a notice is never mailed twice.
 */
export async function customersMailed(tx: Executor, batch: string, customerIds: string[]) {
  const told = new Set<string>();
  if (customerIds.length === 0) return told;
  const keys = customerIds.map((id) => recallMailKey(id, batch));
  const [jobs, audits] = await Promise.all([
    tx
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, MAIL_JOB), inArray(backgroundJobs.key, keys))),
    tx
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, [...RECALL_AUDIT_ACTIONS]),
          sql`lower(${auditLog.changes}->>'batch') = lower(${batch})`,
        ),
      ),
  ]);
  for (const id of customerIds)
    if (jobs.some((job) => job.key === recallMailKey(id, batch))) told.add(id);
  for (const { changes } of audits) {
    const ids =
      (changes as { mailed?: unknown; customerIds?: unknown } | null)?.mailed ??
      (changes as { customerIds?: unknown } | null)?.customerIds;
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") told.add(id);
  }
  return told;
}

/** Why each channel would skip each customer who received the batch, from their account now. */
export async function skipReasons(
  executor: Executor,
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  recipients: readonly BatchRecipient[],
) {
  const received = recipients.filter((row) => row.received && row.customerId);
  const ids = [...new Set(received.map((row) => row.customerId!))];
  const accounts = new Map((await accountsOf(executor, ids)).map((a) => [a.id, a]));
  return (customerId: string, channel: RecallChannel) => {
    const account = accounts.get(customerId);
    const lines = received.filter((row) => row.customerId === customerId);
    return skipReason(notifications, channel, account, account ? mobileOf(account, lines) : null);
  };
}
