import { sql } from "drizzle-orm";
import { MAIL_CLAIM_MS, MAIL_RETRY, MAX_MAIL_ATTEMPTS } from "../../domain/mail-outbox";
import { isPlaceholderEmail } from "../../domain/mobile-number";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { defineJob, type JobServices, payloadUuid } from "../jobs/job-kinds.server";
import { runJobs } from "../jobs/run-jobs.server";
import {
  findLoggedId,
  type LoggedNotice,
  logQueuedMessage,
  noteMessageRetry,
  settleMessage,
} from "./customer-messages.server";

/**
 * What a mail is about: its kind ("order-confirmation"), what it is about (an order's id) and
 * which occurrence of it (a refund's id, the moment of a step that can happen again; "" for one
 * that happens once). The same three are the same mail: it is written and sent once.
 */
export type MailSubject = { kind: string; about: string; occasion: string };

/** A mail job's payload: its subject, and the customer it goes to when it is one. */
type MailJobPayload = MailSubject & { userId?: string | null };

/** What a mail job's Message-ID is made from: the same however often the job runs. */
export function mailJobMessageId(jobId: string) {
  return `mail-job.${jobId}`;
}

/** The job kind of a mail waiting to be sent (docs/decisions/055). */
export const MAIL_JOB = "mail";

/** A minute doubling to an hour, ten attempts, a claim longer than a silent mail server's wait. */
export const MAIL_JOB_RETRY = {
  ...MAIL_RETRY,
  maxAttempts: MAX_MAIL_ATTEMPTS,
  claimMs: MAIL_CLAIM_MS,
};

export const mailJob = defineJob<MailJobPayload>({
  kind: MAIL_JOB,
  retry: MAIL_JOB_RETRY,
  // What a mail is about is an order for the order mails; the jobs page keeps only those.
  orders: sql`array[${payloadUuid("about")}]`,
  async run(subject, { database, jobId, services, attempt }) {
    const { mail, writers } = services.notifications;
    const compose = writers.mails[subject.kind];
    if (!compose) throw new Error(`No one writes ${subject.kind} mails in this process`);
    // Its row in the notifications log is written when it is first tried, not in the caller's
    // transaction, so a step that mails costs that transaction no statement more.
    const logged = await logMailTry(database, subject);
    const settle = (outcome: Parameters<typeof settleMessage>[2]) =>
      logged ? settleMessage(database, logged, outcome) : Promise.resolve(false);
    // Written when it is sent, so it says what is true then (an order cancelled meanwhile is
    // not confirmed).
    const message = await compose(database, subject);
    if (!message) {
      logger.info({ ...subject }, "mail dropped: what it was about is gone or has moved on");
      await settle({ state: "skipped", error: MOVED_ON });
      return;
    }
    if (isPlaceholderEmail(message.to)) {
      await settle({ state: "skipped", error: NO_ADDRESS });
      return;
    }
    // Named by its job: sent again after a crash, it is the same message (docs/decisions/055).
    const id = mailJobMessageId(jobId);
    try {
      await mail.send({ ...message, id });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!logged) throw error;
      if (attempt >= MAIL_JOB_RETRY.maxAttempts) {
        await settle({ state: "failed", error: reason, recipient: message.to });
      } else {
        await noteMessageRetry(database, logged, reason);
      }
      throw error;
    }
    await settle({ state: "sent", recipient: message.to, providerId: id });
  },
});

const MOVED_ON = "What it was about has moved on, so it would no longer be true";
const NO_ADDRESS = "The customer has no e-mail address";

function loggedMail(subject: MailSubject): LoggedNotice {
  return {
    event: subject.kind,
    about: subject.about,
    occasion: subject.occasion,
    channel: "email",
  };
}

/** The key of a mail's job: its subject, so the same mail is one job. */
export function mailJobKey(subject: MailSubject) {
  return `${subject.kind}:${subject.about}:${subject.occasion}`;
}

/**
 * A mail to send once the caller's transaction commits: written in it, so it exists exactly when
 * the change it tells of does, and sent by whichever process takes it. A subject written before
 * is not written again. `userId` is the customer it goes to, when it is one.
 */
export async function enqueueMail(tx: Executor, subject: MailJobPayload, at = new Date()) {
  return (await enqueueMails(tx, [subject], at)).size > 0;
}

/** Several mails in one statement, each written once however often this is called; the keys of those written now. */
export function enqueueMails(tx: Executor, subjects: readonly MailJobPayload[], at = new Date()) {
  return mailJob.enqueueMany(
    tx,
    subjects.map(({ userId, ...subject }) => ({
      key: mailJobKey(subject),
      payload: userId ? { ...subject, userId } : subject,
    })),
    at,
  );
}

/** The mail's row in the log, written queued by its first try; its id. */
async function logMailTry(database: Database, { userId, ...subject }: MailJobPayload) {
  const notice = loggedMail(subject);
  return (
    (await logQueuedMessage(database, { ...notice, userId: userId ?? null })) ??
    (await findLoggedId(database, notice))
  );
}

/** Sends every mail due now; for a caller that waits for them (tests, scripts). */
export function sendDueMails(database: Database, services: JobServices) {
  return runJobs(database, services, mailJob);
}
