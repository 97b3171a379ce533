import { sql } from "drizzle-orm";
import { MAIL_CLAIM_MS, MAIL_RETRY, MAX_MAIL_ATTEMPTS } from "../../domain/mail-outbox";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { sendMail } from "../../lib/mail.server";
import { defineJob, type JobServices, payloadUuid } from "../jobs/job-kinds.server";
import { runJobs } from "../jobs/run-jobs.server";

/**
 * What a mail is about: its kind ("order-confirmation"), what it is about (an order's id) and
 * which occurrence of it (a refund's id, the moment of a step that can happen again; "" for one
 * that happens once). The same three are the same mail: it is written and sent once.
 */
export type MailSubject = { kind: string; about: string; occasion: string };

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

export const mailJob = defineJob<MailSubject>({
  kind: MAIL_JOB,
  retry: MAIL_JOB_RETRY,
  // What a mail is about is an order for the order mails; the jobs page keeps only those.
  orders: sql`array[${payloadUuid("about")}]`,
  async run(subject, { database, jobId, services }) {
    const { mail, writers } = services.notifications;
    const compose = writers.mails[subject.kind];
    if (!compose) throw new Error(`No one writes ${subject.kind} mails in this process`);
    // Written when it is sent, so it says what is true then (an order cancelled meanwhile is
    // not confirmed).
    const message = await compose(database, subject);
    if (!message) {
      logger.info({ ...subject }, "mail dropped: what it was about is gone or has moved on");
      return;
    }
    // Named by its job: sent again after a crash, it is the same message (docs/decisions/055).
    await sendMail(mail, { ...message, id: mailJobMessageId(jobId) });
  },
});

/**
 * A mail to send once the caller's transaction commits: written in it, so it exists exactly when
 * the change it tells of does, and sent by whichever process takes it. A subject written before
 * is not written again.
 */
export function enqueueMail(tx: Executor, subject: MailSubject, at = new Date()) {
  return enqueueMails(tx, [subject], at);
}

/** Several mails in one statement, each written once however often this is called. */
export function enqueueMails(tx: Executor, subjects: readonly MailSubject[], at = new Date()) {
  return mailJob.enqueueMany(
    tx,
    subjects.map((subject) => ({
      key: `${subject.kind}:${subject.about}:${subject.occasion}`,
      payload: subject,
    })),
    at,
  );
}

/** Sends every mail due now; for a caller that waits for them (tests, scripts). */
export function sendDueMails(database: Database, services: JobServices) {
  return runJobs(database, services, MAIL_JOB);
}
