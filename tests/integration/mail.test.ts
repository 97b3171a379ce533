import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createMailer, type Mailer } from "~/lib/mail.server";
import { sendPasswordReset } from "~/modules/accounts/account-mail.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { notifyNewOrder, notifyOrderStep } from "~/modules/orders/order-notices.server";
import { orderItems, orders, profiles } from "../../db/schema";
import { type CapturedMail, startSmtpCapture } from "../fakes/smtp-server";
import { insertOrder } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { chooseMailer, testServices } from "./support/services";

/** A port nobody listens on right now. */
async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let handle: DatabaseHandle;
let capture: ReturnType<typeof startSmtpCapture>;
let httpPort: number;
let outboxDir: string;
let previous: Mailer | undefined;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const smtpPort = await freePort();
  httpPort = await freePort();
  capture = startSmtpCapture({ smtpPort, httpPort });
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-outbox-"));
  previous = testServices().notifications.mail;
  // The real mailer, over SMTP, to the capture server the end-to-end tests use.
  chooseMailer(
    createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: "Satara Ayurveda <orders@shop.example>",
      outboxDir,
    }),
  );
});

afterAll(async () => {
  chooseMailer(previous);
  await capture.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
  await handle.close();
});

async function mailsTo(email: string): Promise<CapturedMail[]> {
  const response = await fetch(
    `http://127.0.0.1:${httpPort}/messages?to=${encodeURIComponent(email)}`,
  );
  return (await response.json()) as CapturedMail[];
}

describe(`shop e-mails through SMTP (${DATABASE_KIND})`, () => {
  it("the order confirmation and shipping notice arrive as plain text and escaped HTML", async () => {
    const customer = await createCustomer("Rohan D'Souza <Admin>");
    const order = await insertOrder(handle.db, { userId: customer.id, total: 104900 });
    await handle.db.insert(orderItems).values({
      orderId: order.id,
      productName: "Chyawanprash Special",
      hsnCode: "3004",
      gstRate: 12,
      quantity: 1,
      unitPrice: 104900,
      totalPrice: 104900,
    });
    await handle.db.transaction((tx) => notifyNewOrder(tx, order.id));
    await drainMailOutbox(handle.db, testServices());
    await handle.db
      .update(orders)
      .set({ trackingId: "DTDC<42>", status: "shipped" })
      .where(eq(orders.id, order.id));
    await handle.db.transaction((tx) => notifyOrderStep(tx, "order-shipped", order.id));
    await drainMailOutbox(handle.db, testServices());

    const [confirmation, notice] = await mailsTo(customer.email);
    expect(confirmation!.subject).toBe(`Order confirmed: ${order.orderNumber}`);
    expect(confirmation!.text).toContain("Namaste Rohan D'Souza <Admin>,");
    expect(confirmation!.text).toContain("1 x Chyawanprash Special: ₹1,049.00");
    expect(confirmation!.text).toContain("Total: ₹1,049.00");
    expect(confirmation!.html).toContain("Namaste Rohan D&#39;Souza &lt;Admin&gt;,");
    expect(confirmation!.html).toMatch(/>Total<\/td><td [^>]+>₹1,049\.00<\/td>/);
    expect(confirmation!.html).not.toContain("<Admin>");

    expect(notice!.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(notice!.text).toContain("Tracking ID: DTDC<42>");
    expect(notice!.html).toMatch(/>Tracking ID<\/td><td [^>]+>DTDC&lt;42&gt;<\/td>/);
  });

  it("the password reset link is the button's address and on a line of its own", async () => {
    const [profile] = await handle.db
      .insert(profiles)
      .values({ email: "reset.html@gmail.com", fullName: "Asha Patil" })
      .returning();
    const url = "http://localhost:3999/api/auth/reset-password/abc?callbackURL=%2Fauth&x=1";
    await sendPasswordReset(handle.db, testServices().notifications.mail, {
      to: profile!.email,
      name: profile!.fullName,
      url,
    });
    const [mail] = await mailsTo(profile!.email);
    expect(mail!.text).toContain(`\n${url}\n`);
    expect(mail!.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    expect(mail!.html).toContain(">Choose a new password</a>");
  });
});
