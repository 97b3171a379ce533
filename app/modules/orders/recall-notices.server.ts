import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog, backgroundJobs, profiles } from "../../../db/schema";
import { composeMail } from "../../domain/mail-layout";
import type { Database, Executor } from "../../lib/db.server";
import type { MailMessage } from "../../lib/mail.server";
import { recordAudit } from "../audit/audit.server";
import { composeMailsWith, enqueueMail, MAIL_JOB } from "../notifications/mail-outbox.server";
import { getSettings } from "../settings/settings.server";
import { recipientsOfBatch } from "./batch-recall.server";

/** The mail telling a customer that a batch they received is recalled (docs/decisions/059). */
export const RECALL_NOTICE_MAIL = "recall-notice";

/**
 * One notice per customer and batch, ever: the mail's subject is the customer (`about`) and the
 * batch as the shop compares it, in lower case (`occasion`), so pressing the button again, or in
 * two tabs at once, writes no second mail.
 */
function recallSubject(customerId: string, batch: string) {
  return { kind: RECALL_NOTICE_MAIL, about: customerId, occasion: batch.toLowerCase() };
}

const jobKey = (customerId: string, batch: string) => {
  const { kind, about, occasion } = recallSubject(customerId, batch);
  return `${kind}:${about}:${occasion}`;
};

/** The notice as it is sent: what the customer received of the batch, and what to do. */
export async function recallNoticeMail(
  executor: Executor,
  customerId: string,
  batch: string,
): Promise<MailMessage | null> {
  const [customer] = await executor
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, customerId));
  if (!customer) return null;
  const lines = (await recipientsOfBatch(executor, batch)).filter(
    (row) => row.customerId === customerId,
  );
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

composeMailsWith([RECALL_NOTICE_MAIL], (database, { about, occasion }) =>
  recallNoticeMail(database, about, occasion),
);

/**
 * The customers already sent the notice of a batch: those whose mail job exists (the unique key
 * also settles two presses at once) and those an earlier press's audit entry names, which stays
 * after finished jobs are pruned (docs/decisions/055), so a notice is never sent twice.
 */
async function customersTold(tx: Executor, batch: string, customerIds: string[]) {
  const keys = customerIds.map((id) => jobKey(id, batch));
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
          eq(auditLog.action, RECALL_AUDIT_ACTION),
          sql`lower(${auditLog.changes}->>'batch') = lower(${batch})`,
        ),
      ),
  ]);
  const told = new Set<string>();
  for (const id of customerIds) if (jobs.some((job) => job.key === jobKey(id, batch))) told.add(id);
  for (const { changes } of audits) {
    const ids = (changes as { customerIds?: unknown } | null)?.customerIds;
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") told.add(id);
  }
  return told;
}

const RECALL_AUDIT_ACTION = "send-recall-notices";

/**
 * Sends the recall notice of a batch to every customer who received it and has not been told
 * yet, in one transaction with its audit entry. Customers without an account (it was deleted)
 * cannot be mailed; the recall list still names them.
 */
export async function sendRecallNotices(database: Database, actorId: string, batch: string) {
  return database.transaction(async (tx) => {
    const recipients = await recipientsOfBatch(tx, batch);
    const customerIds = [
      ...new Set(
        recipients.flatMap((row) => (row.customerId && row.customerEmail ? [row.customerId] : [])),
      ),
    ];
    if (customerIds.length === 0) return { queued: 0, alreadySent: 0 };
    const told = await customersTold(tx, batch, customerIds);
    const fresh = customerIds.filter((id) => !told.has(id));
    const alreadySent = customerIds.length - fresh.length;
    if (fresh.length === 0) return { queued: 0, alreadySent };
    for (const id of fresh) await enqueueMail(tx, recallSubject(id, batch));
    const batchNumber = recipients[0]!.batchNumber;
    await recordAudit(tx, {
      actorId,
      action: RECALL_AUDIT_ACTION,
      entity: "batch",
      entityId: null,
      label: batchNumber,
      changes: { batch: batchNumber, customers: fresh.length, alreadySent, customerIds: fresh },
    });
    return { queued: fresh.length, alreadySent };
  });
}
