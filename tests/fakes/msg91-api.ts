/**
 * A stand-in for MSG91's Flow API on loopback: a real HTTP server on an ephemeral port, so the
 * shop's own `fetch`, headers and JSON are exercised exactly as against control.msg91.com.
 *
 * It implements `POST /api/v5/flow` ("Send SMS via Flow", https://docs.msg91.com/reference/send-sms
 * and the older https://api.msg91.com/apidoc/textsms/send-sms-flow.php): the `authkey` header,
 * a JSON body `{template_id, sender, short_url, recipients: [{mobiles, VAR...}]}` with each
 * recipient's number in international form without "+" ("919898989898") and the template's
 * variables beside it. It answers 200 `{type: "success", message: <24-hex request id>}`; a
 * refusal is `{type: "error", message}` (401 for a wrong authkey, 400 for a bad body).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One flow call as the fake received it. */
export type RecordedFlowRequest = {
  authKey: string | null;
  contentType: string | null;
  body: {
    template_id?: unknown;
    sender?: unknown;
    short_url?: unknown;
    recipients?: unknown;
  } | null;
};

/** An SMS the fake accepted: to whom, with which template and variables. */
export type AcceptedSms = {
  requestId: string;
  templateId: string;
  sender: string;
  mobiles: string;
  variables: Record<string, string>;
};

export type FakeMsg91 = {
  baseUrl: string;
  /** Every call that reached the fake, in order, including refused ones. */
  requests: RecordedFlowRequest[];
  /** The messages it accepted, one per recipient. */
  sent: AcceptedSms[];
  /** Makes the next call fail with this status and message. */
  failNext(status: number, message?: string): void;
  /** From now on every call is accepted and never answered (recorded); `answerAgain` ends it. */
  hang(): void;
  answerAgain(): void;
  close(): Promise<void>;
};

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const MOBILES = /^91[6-9]\d{9}$/;

export async function startFakeMsg91(credentials: { authKey: string }): Promise<FakeMsg91> {
  const requests: RecordedFlowRequest[] = [];
  const sent: AcceptedSms[] = [];
  let nextFailure: { status: number; message: string } | null = null;
  let hanging = false;

  const server = http.createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (request.method !== "POST" || request.url?.replace(/\/$/, "") !== "/api/v5/flow") {
        send(response, 404, { type: "error", message: "Not found" });
        return;
      }
      let body: RecordedFlowRequest["body"] = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const authKey = (request.headers.authkey as string | undefined) ?? null;
      requests.push({ authKey, contentType: request.headers["content-type"] ?? null, body });
      if (hanging) return;
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        send(response, failure.status, { type: "error", message: failure.message });
        return;
      }
      if (authKey !== credentials.authKey) {
        send(response, 401, { type: "error", message: "Authentication failure" });
        return;
      }
      const templateId = body?.template_id;
      const sender = body?.sender;
      const recipients = body?.recipients;
      if (typeof templateId !== "string" || templateId === "") {
        send(response, 400, { type: "error", message: "template_id is required" });
        return;
      }
      if (!Array.isArray(recipients) || recipients.length === 0) {
        send(response, 400, { type: "error", message: "recipients is required" });
        return;
      }
      const accepted: AcceptedSms[] = [];
      const requestId = randomBytes(12).toString("hex");
      for (const recipient of recipients as Record<string, unknown>[]) {
        const { mobiles, ...variables } = recipient ?? {};
        if (typeof mobiles !== "string" || !MOBILES.test(mobiles)) {
          send(response, 400, { type: "error", message: "Mobile number is not valid" });
          return;
        }
        if (Object.values(variables).some((value) => typeof value !== "string")) {
          send(response, 400, { type: "error", message: "Template variables must be strings" });
          return;
        }
        accepted.push({
          requestId,
          templateId,
          sender: typeof sender === "string" ? sender : "",
          mobiles,
          variables: variables as Record<string, string>,
        });
      }
      sent.push(...accepted);
      send(response, 200, { type: "success", message: requestId });
    })().catch(() => send(response, 500, { type: "error", message: "Internal error" }));
  });
  await new Promise<void>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    sent,
    failNext(status, message = "Something went wrong") {
      nextFailure = { status, message };
    },
    hang() {
      hanging = true;
    },
    answerAgain() {
      hanging = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Posts a delivery report for an SMS the fake took, as MSG91's webhook (version 2, the SMS
 * panel's default) does (https://msg91.com/help, "How can I get the delivery reports on my
 * webhook URL"): `application/x-www-form-urlencoded` with one field, `data`, a JSON array of
 * `{senderId, requestId, report: [{date, number, status, desc, failedReason, ...}], userId,
 * campaignName}`; status "1" is DELIVERED, "2" FAILED, "9" NDNC, "16"/"25" REJECTED, "17"
 * BLOCKED. MSG91 signs nothing: the URL is the one the owner entered, its token included. No
 * Origin, Referer or cookie. Answers the shop's reply.
 */
export async function postMsg91DeliveryReport(
  url: string,
  sms: AcceptedSms,
  report: { status: string; desc: string; failedReason?: string } = {
    status: "1",
    desc: "DELIVERED",
  },
) {
  const date = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ");
  const data = [
    {
      senderId: sms.sender,
      requestId: sms.requestId,
      report: [
        {
          date,
          amount: "0.20",
          clientid: "",
          INMSID: "0",
          CRQID: "0",
          ctCode: "900",
          number: sms.mobiles,
          credit: "1",
          status: report.status,
          desc: report.desc,
          failedReason: report.failedReason ?? "",
        },
      ],
      userId: "270000",
      campaignName: "API",
    },
  ];
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}
