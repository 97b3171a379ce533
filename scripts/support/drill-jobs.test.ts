/**
 * The kill drill's verdicts on the background jobs (scripts/drill-kill.ts): each must fail the
 * drill when a committed job never ran, a mail was lost or a refund was made twice.
 */
import { describe, expect, it } from "vitest";
import type { RazorpayRefundEntity } from "../../tests/fakes/razorpay-api";
import {
  droppedMailKeys,
  type JobRow,
  jobStateLines,
  type KillSnapshot,
  mailLines,
  type RefundRow,
  recoveryLines,
  refundLines,
} from "./drill-jobs";
import type { Delivery } from "./drill-witnesses";

const DOMAIN = "drill.example";

function job(id: string, values: Partial<JobRow> = {}): JobRow {
  return {
    id,
    kind: "mail",
    key: `order-confirmation:${id}:`,
    state: "done",
    attempts: 1,
    lastError: null,
    finishedAt: new Date(10_000),
    ...values,
  };
}

const delivery = (id: string): Delivery => ({
  messageId: `<mail-job.${id}@${DOMAIN}>`,
  to: ["asha@gmail.com"],
  subject: "Order confirmed",
  at: 0,
});

describe("the mail count", () => {
  it("counts a mail sent again as one message and two deliveries, and passes", () => {
    const jobs = [job("a"), job("b"), job("c")];
    const { ok, lines } = mailLines(
      "pglite",
      jobs,
      [delivery("a"), delivery("a"), delivery("b")],
      new Set(["order-confirmation:c:"]),
      DOMAIN,
    );
    expect(ok).toBe(true);
    expect(lines[0]).toContain("3 mail jobs; 2 distinct messages delivered, 3 raw deliveries");
    expect(lines[0]).toContain("1 not sent because their order had moved on");
    expect(lines[1]).toContain("order-confirmation:a: x2");
  });

  it("fails when a done mail job's message never arrived and the shop did not drop it", () => {
    const { ok, lines } = mailLines(
      "postgres",
      [job("a"), job("b")],
      [delivery("a")],
      new Set(),
      DOMAIN,
    );
    expect(ok).toBe(false);
    expect(lines.join("\n")).toContain("LOST MAILS: order-confirmation:b:");
  });

  it("reads the mails the shop dropped from its log lines", () => {
    const output = [
      '{"level":30,"kind":"new-order-alert","about":"o-1","occasion":"","msg":"mail dropped: what it was about is gone or has moved on"}',
      '{"level":30,"msg":"request","url":"/cart"}',
      'not json but mentions "mail dropped',
    ].join("\n");
    expect([...droppedMailKeys(output)]).toEqual(["new-order-alert:o-1:"]);
  });
});

describe("the job count", () => {
  it("fails when a committed job is still waiting, running or failed", () => {
    expect(jobStateLines("pglite", [job("a"), job("b", { attempts: 2 })]).ok).toBe(true);
    for (const state of ["queued", "running", "failed"]) {
      const { ok, lines } = jobStateLines("pglite", [job("a"), job("b", { state })]);
      expect(ok).toBe(false);
      expect(lines.join("\n")).toContain(`JOB NOT DONE: mail order-confirmation:b: ${state}`);
    }
  });

  it("times what a kill left from the restart, and fails when some of it never ran", () => {
    const snapshot: KillSnapshot = {
      kill: 1,
      committed: 3,
      newSincePreviousKill: 3,
      running: [job("a", { state: "running" })],
      queued: [job("b", { state: "queued" })],
      killedAt: 500,
      restartedAt: 1_000,
      healthyAt: 3_000,
    };
    const after = [
      job("a", { finishedAt: new Date(4_500) }),
      job("b", { finishedAt: new Date(6_000) }),
    ];
    const done = recoveryLines("postgres", [snapshot], after);
    expect(done.ok).toBe(true);
    expect(done.lines[0]).toContain(
      "restarted 0.5 s after the kill, healthy 2.0 s after the restart",
    );
    expect(done.lines[0]).toContain(
      "left running done 3.5 s after it, the last left waiting 5.0 s",
    );
    const stuck = recoveryLines("postgres", [snapshot], [after[0]!, job("b", { state: "queued" })]);
    expect(stuck.ok).toBe(false);
    expect(stuck.lines[0]).toContain("the last left waiting never; NEVER RAN: 1");
  });
});

describe("the refund count", () => {
  const row: RefundRow = {
    id: "r-1",
    orderId: "o-1",
    amount: 20_000,
    status: "processed",
    providerRefundId: "rfnd_1",
    paid: 20_000,
    providerPaymentId: "pay_1",
  };
  const made = (id: string, values: Partial<RazorpayRefundEntity> = {}): RazorpayRefundEntity => ({
    id,
    entity: "refund",
    amount: 20_000,
    currency: "INR",
    payment_id: "pay_1",
    receipt: "r-1",
    status: "processed",
    speed_requested: "normal",
    created_at: 0,
    ...values,
  });

  it("passes a refund made once, however often it was asked for", () => {
    const { ok, lines } = refundLines("pglite", [row], { made: [made("rfnd_1")], calls: 2 }, [
      "o-1",
    ]);
    expect(ok).toBe(true);
    expect(lines[0]).toContain("1 made at the gateway for 1 payments, 2 refund calls (1 repeated");
  });

  it("fails a refund made twice, one never made, one the shop did not decide, and a cancellation without a refund", () => {
    const twice = refundLines(
      "pglite",
      [row],
      { made: [made("rfnd_1"), made("rfnd_2")], calls: 2 },
      [],
    );
    expect(twice.ok).toBe(false);
    expect(twice.lines.join("\n")).toContain("refund r-1 made 2 times at the gateway");
    expect(twice.lines.join("\n")).toContain("pay_1 refunded beyond it");
    const never = refundLines(
      "pglite",
      [{ ...row, status: "pending", providerRefundId: null }],
      { made: [], calls: 0 },
      [],
    );
    expect(never.ok).toBe(false);
    expect(never.lines.join("\n")).toContain("refund r-1 never reached the gateway");
    const stranger = refundLines(
      "pglite",
      [],
      { made: [made("rfnd_9", { receipt: "r-9" })], calls: 1 },
      [],
    );
    expect(stranger.ok).toBe(false);
    expect(stranger.lines.join("\n")).toContain("the gateway made rfnd_9 unasked");
    const unrefunded = refundLines("pglite", [], { made: [], calls: 0 }, ["o-2"]);
    expect(unrefunded.ok).toBe(false);
    expect(unrefunded.lines.join("\n")).toContain("1 cancelled paid orders not refunded");
  });
});
