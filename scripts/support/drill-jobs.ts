/**
 * The kill drill's count of the shop's background jobs (docs/decisions/055): what each kill left
 * waiting or running, and at the end whether every job ran, each mail reached the mail server
 * (once as a message, however often as a delivery) and each refund reached the gateway once.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../app/lib/db.server";
import { backgroundJobs, payments, refunds } from "../../db/schema";
import type { RazorpayRefundEntity } from "../../tests/fakes/razorpay-api";
import type { Delivery } from "./drill-witnesses";

export type JobRow = {
  id: string;
  kind: string;
  key: string;
  state: string;
  attempts: number;
  lastError: string | null;
  finishedAt: Date | null;
};

export function readJobs(db: Database): Promise<JobRow[]> {
  return db
    .select({
      id: backgroundJobs.id,
      kind: backgroundJobs.kind,
      key: backgroundJobs.key,
      state: backgroundJobs.state,
      attempts: backgroundJobs.attempts,
      lastError: backgroundJobs.lastError,
      finishedAt: backgroundJobs.finishedAt,
    })
    .from(backgroundJobs)
    .orderBy(asc(backgroundJobs.createdAt));
}

/** What one kill left: the jobs committed before it, and those not finished. */
export type KillSnapshot = {
  kill: number;
  committed: number;
  newSincePreviousKill: number;
  running: JobRow[];
  queued: JobRow[];
  /** When the shop was killed, started again, and answered its health check (ms). */
  killedAt: number;
  restartedAt: number;
  healthyAt: number;
};

export function snapshotOf(kill: number, jobs: JobRow[], before: number) {
  return {
    kill,
    committed: jobs.length,
    newSincePreviousKill: jobs.length - before,
    running: jobs.filter((job) => job.state === "running"),
    queued: jobs.filter((job) => job.state === "queued"),
  };
}

/** The keys of the mails the shop decided not to send (its log says so: their order moved on). */
export function droppedMailKeys(shopOutput: string) {
  const keys = new Set<string>();
  for (const line of shopOutput.split("\n")) {
    if (!line.includes('"mail dropped')) continue;
    try {
      const entry = JSON.parse(line) as { kind?: string; about?: string; occasion?: string };
      keys.add(`${entry.kind}:${entry.about}:${entry.occasion}`);
    } catch {
      // Not a log line of its own.
    }
  }
  return keys;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** After each restart: how soon what the kill left had run, from the restart. */
export function recoveryLines(label: string, snapshots: KillSnapshot[], jobs: JobRow[]) {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const lines: string[] = [];
  let ok = true;
  for (const snapshot of snapshots) {
    const left = [...snapshot.running, ...snapshot.queued];
    const finished = (rows: JobRow[]) =>
      rows.map((row) => {
        const now = byId.get(row.id);
        return now?.state === "done" && now.finishedAt ? now.finishedAt.getTime() : Number.NaN;
      });
    const unfinished = left.filter((row) => byId.get(row.id)?.state !== "done");
    if (unfinished.length > 0) ok = false;
    const after = (times: number[]) => {
      if (times.length === 0) return "-";
      if (times.some(Number.isNaN)) return "never";
      return seconds(Math.max(...times) - snapshot.restartedAt);
    };
    lines.push(
      `${label}: kill ${snapshot.kill}: ${snapshot.committed} jobs committed before it ` +
        `(${snapshot.newSincePreviousKill} since the previous kill), left running ` +
        `${snapshot.running.length}, left waiting ${snapshot.queued.length}; restarted ` +
        `${seconds(snapshot.restartedAt - snapshot.killedAt)} after the kill, healthy ` +
        `${seconds(snapshot.healthyAt - snapshot.restartedAt)} after the restart; the last job ` +
        `left running done ${after(finished(snapshot.running))} after it, the last left waiting ` +
        `${after(finished(snapshot.queued))}` +
        (unfinished.length ? `; NEVER RAN: ${unfinished.length}` : ""),
    );
  }
  return { ok, lines };
}

/**
 * Every job done; every mail job's message delivered (or dropped by the shop, its log says why),
 * counted as distinct messages and as raw deliveries; no mail job unaccounted for.
 */
export function mailLines(
  label: string,
  jobs: JobRow[],
  deliveries: Delivery[],
  dropped: Set<string>,
  domain: string,
) {
  const mailJobs = jobs.filter((job) => job.kind === "mail");
  const byMessageId = new Map<string, number>();
  for (const delivery of deliveries) {
    byMessageId.set(delivery.messageId, (byMessageId.get(delivery.messageId) ?? 0) + 1);
  }
  let distinct = 0;
  let raw = 0;
  let droppedCount = 0;
  const twice: string[] = [];
  const lost: JobRow[] = [];
  const known = new Set<string>();
  for (const job of mailJobs) {
    const messageId = `<mail-job.${job.id}@${domain}>`;
    known.add(messageId);
    const count = byMessageId.get(messageId) ?? 0;
    if (count > 0) distinct++;
    raw += count;
    if (count > 1) twice.push(`${job.key} x${count}`);
    if (count === 0 && dropped.has(job.key)) droppedCount++;
    else if (count === 0 && job.state === "done") lost.push(job);
  }
  const strangers = deliveries.filter((delivery) => !known.has(delivery.messageId)).length;
  const ok = lost.length === 0;
  const lines = [
    `${label}: mails: ${mailJobs.length} mail jobs; ${distinct} distinct messages delivered, ` +
      `${raw} raw deliveries (${raw - distinct} sent again after a kill, the same message), ` +
      `${droppedCount} not sent because their order had moved on (the shop logged each), ` +
      `${lost.length} done but never delivered, ${strangers} other mails`,
  ];
  if (twice.length) lines.push(`${label}: mails delivered more than once: ${twice.join(", ")}`);
  if (lost.length) lines.push(`${label}: LOST MAILS: ${lost.map((job) => job.key).join(", ")}`);
  return { ok, lines };
}

export type RefundRow = {
  id: string;
  orderId: string;
  amount: number;
  status: string;
  providerRefundId: string | null;
  /** What the refunded payment took, and its id at the gateway. */
  paid: number;
  providerPaymentId: string | null;
};

/** The refunds the shop decided, with their payments. */
export function readRefunds(db: Database): Promise<RefundRow[]> {
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amount: refunds.amount,
      status: refunds.status,
      providerRefundId: refunds.providerRefundId,
      paid: payments.amount,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId));
}

/** What the gateway holds: the refunds it made, and how many create-refund calls reached it. */
export type GatewayRefunds = { made: RazorpayRefundEntity[]; calls: number };

/**
 * Every refund the shop decided is at the gateway exactly once, for its amount, and processed;
 * no payment refunded beyond what was paid; nothing at the gateway the shop did not decide; every
 * cancellation of a paid order the shop acknowledged has its refund.
 */
export function refundLines(
  label: string,
  rows: RefundRow[],
  gateway: GatewayRefunds,
  cancelledOrderIds: string[],
) {
  const byReceipt = new Map<string, RazorpayRefundEntity[]>();
  for (const refund of gateway.made) {
    const list = byReceipt.get(refund.receipt ?? "") ?? [];
    list.push(refund);
    byReceipt.set(refund.receipt ?? "", list);
  }
  const problems: string[] = [];
  for (const row of rows) {
    const made = byReceipt.get(row.id) ?? [];
    if (made.length === 0) problems.push(`refund ${row.id} never reached the gateway`);
    if (made.length > 1) problems.push(`refund ${row.id} made ${made.length} times at the gateway`);
    if (made.some((refund) => refund.amount !== row.amount)) {
      problems.push(`refund ${row.id} made for another amount`);
    }
    if (row.status !== "processed" || (made[0] && row.providerRefundId !== made[0].id)) {
      problems.push(`refund ${row.id} is ${row.status} in the shop`);
    }
  }
  const shopIds = new Set(rows.map((row) => row.id));
  for (const refund of gateway.made) {
    if (!shopIds.has(refund.receipt ?? "")) problems.push(`the gateway made ${refund.id} unasked`);
  }
  const paidBy = new Map(rows.map((row) => [row.providerPaymentId, row.paid]));
  const refundedBy = new Map<string, number>();
  for (const refund of gateway.made) {
    refundedBy.set(refund.payment_id, (refundedBy.get(refund.payment_id) ?? 0) + refund.amount);
  }
  for (const [paymentId, amount] of refundedBy) {
    if (amount > (paidBy.get(paymentId) ?? 0)) problems.push(`${paymentId} refunded beyond it`);
  }
  const refundedOrders = new Set(rows.map((row) => row.orderId));
  const unrefunded = cancelledOrderIds.filter((id) => !refundedOrders.has(id));
  if (unrefunded.length) problems.push(`${unrefunded.length} cancelled paid orders not refunded`);
  const lines = [
    `${label}: refunds: ${rows.length} decided by the shop (${cancelledOrderIds.length} ` +
      `cancellations of paid orders acknowledged), ${gateway.made.length} made at the gateway ` +
      `for ${refundedBy.size} payments, ${gateway.calls} refund calls ` +
      `(${gateway.calls - gateway.made.length} repeated with the same idempotency key and ` +
      `answered with the same refund), ${problems.length} problems`,
    ...problems.map((problem) => `${label}: REFUND PROBLEM: ${problem}`),
  ];
  return { ok: problems.length === 0, lines };
}

/** Every job committed is done; any other state is a job that never ran (or failed). */
export function jobStateLines(label: string, jobs: JobRow[]) {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    const name = `${job.kind} ${job.state}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const notDone = jobs.filter((job) => job.state !== "done");
  const runAgain = jobs.filter((job) => job.attempts > 1).length;
  return {
    ok: notDone.length === 0,
    lines: [
      `${label}: jobs: ${jobs.length} committed, ${[...counts].map(([name, n]) => `${n} ${name}`).join(", ")}; ` +
        `${runAgain} claimed more than once (a kill or a failure cut a run short)`,
      ...notDone.map(
        (job) =>
          `${label}: JOB NOT DONE: ${job.kind} ${job.key} ${job.state} after ${job.attempts} runs: ${job.lastError ?? ""}`,
      ),
    ],
  };
}
