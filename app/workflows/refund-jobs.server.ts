import { MAX_REFUND_ATTEMPTS, REFUND_CLAIM_MS, REFUND_RETRY } from "../domain/refunds";
import type { Database } from "../lib/db.server";
import { defineJob, type JobServices } from "../modules/jobs/job-kinds.server";
import { runJobs } from "../modules/jobs/run-jobs.server";
import {
  checkRefund,
  REFUND_CHECK_JOB,
  REFUND_JOB_ORDERS,
  REFUND_SEND_JOB,
  sendRefund,
} from "../modules/payments/refunds.server";
import { settleOrderRefund } from "./refund-settlement.server";

/** Sends a refund the owner or a cancellation decided (docs/decisions/039, 055). */
export const refundSendJob = defineJob<{ refundId: string }>({
  kind: REFUND_SEND_JOB,
  retry: { ...REFUND_RETRY, maxAttempts: MAX_REFUND_ATTEMPTS, claimMs: REFUND_CLAIM_MS },
  orders: REFUND_JOB_ORDERS,
  run: ({ refundId }, job) =>
    sendRefund(job.database, job.services.payments.refundGateways, settleOrderRefund, refundId, {
      number: job.attempt,
      last: job.attempt >= MAX_REFUND_ATTEMPTS,
    }),
});

/**
 * Asks after a refund the gateway has not settled, in case its webhook never comes: five
 * minutes after it was sent, then backing off to an hour, for about two days.
 */
export const refundCheckJob = defineJob<{ refundId: string }>({
  kind: REFUND_CHECK_JOB,
  retry: { baseMs: 5 * 60_000, capMs: 60 * 60_000, maxAttempts: 50, claimMs: REFUND_CLAIM_MS },
  orders: REFUND_JOB_ORDERS,
  run: ({ refundId }, job) =>
    checkRefund(job.database, job.services.payments.refundGateways, settleOrderRefund, refundId),
});

/** Sends the refunds due and asks after those due a check; for a caller that waits (tests). */
export async function runRefundJobs(database: Database, services: JobServices) {
  await runJobs(database, services, refundSendJob);
  await runJobs(database, services, refundCheckJob);
}
