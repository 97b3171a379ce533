/**
 * What the kill drill (scripts/drill-kill.ts) counts the shop's background jobs by, outside the
 * shop: a mail server that keeps every message it accepted, and Razorpay's API (the stand-in of
 * tests/fakes/razorpay-api.ts) behind a relay that holds each refund's answer a moment after the
 * gateway made the refund, so a kill can fall between the gateway taking a refund and the shop
 * hearing of it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type FakeRazorpay, startFakeRazorpay } from "../../tests/fakes/razorpay-api";

/** One message the mail server accepted (answered 250 to). */
export type Delivery = { messageId: string; to: string[]; subject: string; at: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function headerOf(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

/**
 * An SMTP server on loopback that takes `acceptAfterMs` to accept each message (a mail server
 * across the internet is not instant), so mails are being sent and waiting when the shop is
 * killed. A message counts once the server has accepted it, as a real one takes responsibility
 * for it then, whether or not the sender lived to read the answer; `onAccepted` hears each.
 */
export async function startMailCapture(options: { acceptAfterMs: number }) {
  const deliveries: Delivery[] = [];
  const listeners = new Set<(delivery: Delivery) => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      // The sender died mid-message: nothing was accepted.
      stream.on("error", () => {});
      stream.on("end", () => {
        setTimeout(() => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const delivery = {
            messageId: headerOf(raw, "Message-ID"),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: headerOf(raw, "Subject"),
            at: Date.now(),
          };
          deliveries.push(delivery);
          callback();
          for (const listener of listeners) listener(delivery);
        }, options.acceptAfterMs);
      });
    },
  });
  // A sender killed mid-conversation resets its connection: nothing to do.
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = (smtp as unknown as { server: http.Server }).server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    onAccepted(listener: (delivery: Delivery) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

function readBody(request: http.IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

const FORWARDED = ["authorization", "content-type", "x-refund-idempotency"];

/**
 * Razorpay's API as the shop sees it: the stand-in, reached through a relay that holds the answer
 * to each create-refund call for `holdRefundAnswerMs` after the gateway made the refund;
 * `onRefundHeld` hears each such moment (the gateway has the refund, the shop does not know yet).
 */
export async function startGateway(options: {
  keyId: string;
  keySecret: string;
  holdRefundAnswerMs: number;
}) {
  const fake: FakeRazorpay = await startFakeRazorpay(options);
  const listeners = new Set<() => void>();
  const relay = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const method = request.method ?? "GET";
      const answer = await fetch(`${fake.baseUrl}${request.url ?? "/"}`, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : body.toString("utf8"),
      });
      const text = await answer.text();
      if (method === "POST" && /^\/v1\/payments\/[^/]+\/refund$/.test(request.url ?? "")) {
        for (const listener of listeners) listener();
        await sleep(options.holdRefundAnswerMs);
      }
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(text);
    })().catch(() => {
      // The shop went away while its answer was held.
      response.destroy();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    fake,
    onRefundHeld(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await fake.close();
    },
  };
}

export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;
export type Gateway = Awaited<ReturnType<typeof startGateway>>;
