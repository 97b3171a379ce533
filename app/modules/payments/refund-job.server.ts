import { backgroundJob } from "../../lib/background-job.server";
import type { Database } from "../../lib/db.server";
import { singleton } from "../../lib/singleton.server";
import { kickMailOutbox } from "../orders/mail-drainer.server";
import { paymentGateway, testGateway } from "./gateway.server";
import { processRefunds, type RefundGateways } from "./refunds.server";

/** A test payment is refunded by the test gateway; a Razorpay payment only by Razorpay. */
const shopGateways: RefundGateways = (provider) =>
  provider === "test" ? testGateway() : paymentGateway();

// One per process, like the mailer: tests point Razorpay refunds at a fake API.
const gateways = singleton("refund gateways", (): { resolver?: RefundGateways } => ({}));

/** Where the refund job sends refunds; the shop's own gateways unless given. */
export function setRefundGateways(resolver?: RefundGateways) {
  gateways.resolver = resolver;
}

const refundJob = backgroundJob("refunds", async (database) => {
  const done = await processRefunds(database, gateways.resolver ?? shopGateways);
  // A refund settled or refused has its customer mail waiting in the outbox.
  if (done.sent + done.failed + done.checked > 0) kickMailOutbox(database);
});

/**
 * Sends the refunds due and checks those still pending at the gateway; whatever was due when it
 * was called has been tried when it resolves (lib/background-job.server.ts). It never rejects.
 */
export function runRefunds(database: Database): Promise<void> {
  return refundJob.run(database);
}

/** Starts sending right after a transaction that decided a refund has committed, without waiting. */
export function kickRefunds(database: Database) {
  refundJob.kick(database);
}

/** Runs at start (refunds a stopped process left unsent) and then every `everyMs`. */
export function scheduleRefunds(database: () => Database, everyMs = 60_000) {
  return refundJob.schedule(database, everyMs);
}
