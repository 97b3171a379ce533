/**
 * A mail job's message is named by its job (docs/decisions/055): sent again because its process
 * died after the mail server took it and before the job was marked done, it is the same message,
 * with the same Message-ID, which mail clients show once.
 */
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseOf } from "~/domain/background-jobs";
import type { DatabaseHandle } from "~/lib/db.server";
import { createMailer, type Mailer } from "~/lib/mail.server";
import { claimDueJob } from "~/modules/jobs/claim.server";

import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import {
  MAIL_JOB,
  MAIL_JOB_RETRY,
  mailJob,
  mailJobMessageId,
} from "~/modules/notifications/mail-outbox.server";
import { notifyNewOrder } from "~/modules/orders/order-notices.server";
import { orderItems } from "../../db/schema";
import { startSmtpCapture } from "../fakes/smtp-server";
import { insertOrder } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { chooseMailer, testServices } from "./support/services";

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const FROM = "Satara Ayurveda <orders@shop.example>";

let handle: DatabaseHandle;
let capture: ReturnType<typeof startSmtpCapture>;
let outboxDir: string;
let previous: Mailer | undefined;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const smtpPort = await freePort();
  capture = startSmtpCapture({ smtpPort, httpPort: await freePort() });
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-outbox-"));
  previous = testServices().notifications.mail;
  chooseMailer(createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: FROM, outboxDir }));
});

afterAll(async () => {
  chooseMailer(previous);
  await capture.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
  await handle.close();
});

function messageIdOf(raw: string) {
  return /^Message-ID:[ \t]*(.*)$/im.exec(raw)?.[1]?.trim();
}

describe(`a mail sent again after a crash (${DATABASE_KIND})`, () => {
  it("is the same message: the Message-ID is made from its job", async () => {
    const customer = await createCustomer("Nalini Resend");
    const order = await insertOrder(handle.db, { userId: customer.id, total: 45000 });
    await handle.db.insert(orderItems).values({
      orderId: order.id,
      productName: "Brahmi Vati",
      hsnCode: "3004",
      gstRate: 12,
      quantity: 1,
      unitPrice: 45000,
      totalPrice: 45000,
    });
    await handle.db.transaction((tx) => notifyNewOrder(tx, order.id));

    // A process takes the confirmation, the mail server takes it, and the process dies before
    // marking the job done.
    let job = await claimDueJob(handle.db, MAIL_JOB, MAIL_JOB_RETRY);
    while (job && job.payload.kind !== "order-placed") {
      job = await claimDueJob(handle.db, MAIL_JOB, MAIL_JOB_RETRY);
    }
    expect(job).toMatchObject({ payload: { about: order.id }, attempts: 1 });
    await mailJob.run(job!.payload as never, {
      database: handle.db,
      services: testServices(),
      jobId: job!.id,
      attempt: job!.attempts,
      stopping: () => false,
    });
    const toCustomer = () => capture.messages.filter((m) => m.to.includes(customer.email));
    expect(toCustomer()).toHaveLength(1);

    // Once its lease has lapsed, the next runner sends it again (and what else is due).
    const later = new Date(Date.now() + leaseOf(MAIL_JOB_RETRY) + 1_000);
    await runDueJobs(handle.db, mailJob, { services: testServices(), now: later });
    const [first, again] = toCustomer();
    expect(again).toBeDefined();
    expect(again!.subject).toBe(first!.subject);
    expect(messageIdOf(first!.raw)).toBe(`<${mailJobMessageId(job!.id)}@shop.example>`);
    expect(messageIdOf(again!.raw)).toBe(messageIdOf(first!.raw));
    // Another job's mail is another message.
    const others = capture.messages.filter((m) => !m.to.includes(customer.email));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      expect(messageIdOf(other.raw)).toMatch(/^<mail-job\.[0-9a-f-]{36}@shop\.example>$/);
      expect(messageIdOf(other.raw)).not.toBe(messageIdOf(first!.raw));
    }
  });

  it("is the same message in the outbox folder too; a mail without a name gets a new Message-ID each time", async () => {
    const folder = createMailer({ from: FROM, outboxDir });
    const mail = { to: "asha@gmail.com", subject: "Order confirmed", text: "Namaste" };
    await folder.send({ ...mail, id: "mail-job.7d1c2f0e-0000-4000-8000-000000000001" });
    await folder.send({ ...mail, id: "mail-job.7d1c2f0e-0000-4000-8000-000000000001" });
    await folder.send(mail);
    await folder.send(mail);
    const files = await fs.readdir(outboxDir);
    const ids = await Promise.all(
      files.map(async (file) => messageIdOf(await fs.readFile(path.join(outboxDir, file), "utf8"))),
    );
    const named = "<mail-job.7d1c2f0e-0000-4000-8000-000000000001@shop.example>";
    expect(ids.filter((id) => id === named)).toHaveLength(2);
    const unnamed = ids.filter((id) => id !== named);
    expect(unnamed).toHaveLength(2);
    expect(new Set(unnamed).size).toBe(2);
    expect(unnamed.every(Boolean)).toBe(true);
  });
});
