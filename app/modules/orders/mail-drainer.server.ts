import { backgroundJob } from "../../lib/background-job.server";
import type { Database } from "../../lib/db.server";
import { sendDueMails } from "./mail-outbox.server";

const mailJob = backgroundJob("order mails", async (database, stopping) => {
  await sendDueMails(database, { stopping });
});

/**
 * Sends every order mail due now; whatever was due when it was called has been tried when it
 * resolves (lib/background-job.server.ts). It never rejects.
 */
export function drainMailOutbox(database: Database): Promise<void> {
  return mailJob.run(database);
}

/**
 * Starts sending right after a transaction that enqueued mails has committed, without waiting:
 * a customer's page never waits on the mail server.
 */
export function kickMailOutbox(database: Database) {
  mailJob.kick(database);
}

/**
 * Drains at start (mails a stopped or crashed process left behind) and then every `everyMs`, so
 * mails whose kick was lost or whose retry is due go out. The returned stop ends the timer and
 * resolves once the mail being sent, if any, is done.
 */
export function scheduleMailOutbox(database: () => Database, everyMs = 30_000) {
  return mailJob.schedule(database, everyMs);
}
