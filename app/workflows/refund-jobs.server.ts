import { MAX_REFUND_ATTEMPTS, REFUND_CLAIM_MS, REFUND_RETRY } from "../domain/refunds";
import type { Database } from "../lib/db.server";
import { singleton } from "../lib/singleton.server";
import { defineJob, type JobServices } from "../modules/jobs/job-kinds.server";
import { runJobs } from "../modules/jobs/run-jobs.server";
import { paymentGateway, testGateway } from "../modules/payments/gateway.server";
import {
  checkRefund,
  REFUND_CHECK_JOB,
  REFUND_JOB_ORDERS,
  REFUND_SEND_JOB,
  type RefundGateways,
  sendRefund,
} from "../modules/payments/refunds.server";
import { settleOrderRefund } from "./refund-settlement.server";

/** A test payment is refunded by the test gateway; a Razorpay payment only by Razorpay. */
const shopGateways: RefundGateways = (provider) =>
  provider === "test" ? testGateway() : paymentGateway();

// One per process, like the mailer: tests point Razorpay refunds at a fake API.
const gateways = singleton("refund gateways", (): { resolver?: RefundGateways } => ({}));

/** Where refunds are sent; the shop's own gateways unless given. */
export function setRefundGateways(resolver?: RefundGateways) {
  gateways.resolver = resolver;
}

const currentGateways: RefundGateways = (provider) => (gateways.resolver ?? shopGateways)(provider);

/** Sends a refund the owner or a cancellation decided (docs/decisions/039, 055). */
export const refundSendJob = defineJob<{ refundId: string }>({
  kind: REFUND_SEND_JOB,
  retry: { ...REFUND_RETRY, maxAttempts: MAX_REFUND_ATTEMPTS, claimMs: REFUND_CLAIM_MS },
  orders: REFUND_JOB_ORDERS,
  run: ({ refundId }, job) =>
    sendRefund(job.database, currentGateways, settleOrderRefund, refundId, {
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
    checkRefund(job.database, currentGateways, settleOrderRefund, refundId),
});

/** Sends the refunds due and asks after those due a check; for a caller that waits (tests). */
export async function runRefundJobs(database: Database, services: JobServices) {
  await runJobs(database, services, REFUND_SEND_JOB);
  await runJobs(database, services, REFUND_CHECK_JOB);
}
