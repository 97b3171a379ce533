/**
 * A stand-in for Razorpay's Orders API on loopback: a real HTTP server on an ephemeral port, so
 * the shop's own `fetch` call, headers and JSON are exercised exactly as against api.razorpay.com.
 *
 * It implements `POST /v1/orders` as documented (https://razorpay.com/docs/api/orders/create):
 * basic auth with key id and key secret, a JSON body `{amount, currency, receipt, notes}` and the
 * order entity in reply. Failures use Razorpay's error shape `{error: {code, description, ...}}`.
 * And the Refunds API: `POST /v1/payments/:id/refund` with `X-Refund-Idempotency` (the same key
 * gives back the same refund) and `GET /v1/refunds/:id`.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One create-order call as the fake received it. */
export type RecordedOrderRequest = {
  /** The decoded basic-auth credentials, or null when the header was missing or not "Basic". */
  auth: { keyId: string; keySecret: string } | null;
  /** The parsed JSON body (null when it was not JSON). */
  body: {
    amount?: unknown;
    currency?: unknown;
    receipt?: unknown;
    notes?: unknown;
  } | null;
  contentType: string | null;
};

export type RazorpayOrderEntity = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created";
  attempts: number;
  notes: Record<string, string> | unknown[];
  created_at: number;
};

export type RazorpayRefundEntity = {
  id: string;
  entity: "refund";
  amount: number;
  currency: "INR";
  payment_id: string;
  receipt: string | null;
  status: "pending" | "processed" | "failed";
  speed_requested: string;
  created_at: number;
};

/** One create-refund call as the fake received it. */
export type RecordedRefundRequest = {
  paymentId: string;
  idempotencyKey: string | null;
  body: { amount?: unknown; receipt?: unknown; speed?: unknown } | null;
};

export type FakeRazorpay = {
  /** Every create-refund call that reached the fake, including refused and repeated ones. */
  refundRequests: RecordedRefundRequest[];
  /** The refunds the fake created, by id. */
  refunds: Map<string, RazorpayRefundEntity>;
  /** The status new refunds are created with ("processed" unless set). */
  refundStatus: RazorpayRefundEntity["status"];
  baseUrl: string;
  /** Every create-order call that reached the fake, in order, including refused ones. */
  requests: RecordedOrderRequest[];
  /** The orders the fake created, by id. */
  orders: Map<string, RazorpayOrderEntity>;
  /** Makes the next create-order call fail with this status and description. */
  failNext(status: number, description?: string): void;
  close(): Promise<void>;
};

function razorpayError(code: string, description: string, field: string | null = null) {
  return {
    error: {
      code,
      description,
      source: "NA",
      step: "NA",
      reason: "NA",
      metadata: {},
      field,
    },
  };
}

function decodeBasicAuth(header: string | undefined) {
  // Razorpay accepts exactly "Basic <base64>"; "basic", quoted tokens and the like are refused.
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

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

export async function startFakeRazorpay(credentials: {
  keyId: string;
  keySecret: string;
}): Promise<FakeRazorpay> {
  const requests: RecordedOrderRequest[] = [];
  const orders = new Map<string, RazorpayOrderEntity>();
  let failure: { status: number; description: string } | null = null;
  /** Answers with the failure `failNext` set up, once. */
  function sendFailure(response: http.ServerResponse) {
    const { status, description } = failure!;
    failure = null;
    send(
      response,
      status,
      razorpayError(status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR", description),
    );
  }
  const refundRequests: RecordedRefundRequest[] = [];
  const refunds = new Map<string, RazorpayRefundEntity>();
  const refundsByKey = new Map<string, string>();
  const fake = { refundStatus: "processed" as RazorpayRefundEntity["status"] };

  async function createRefund(
    paymentId: string,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) {
    const auth = decodeBasicAuth(request.headers.authorization);
    const text = await readBody(request);
    let body: RecordedRefundRequest["body"] = null;
    try {
      body = JSON.parse(text) as RecordedRefundRequest["body"];
    } catch {
      body = null;
    }
    const header = request.headers["x-refund-idempotency"];
    const idempotencyKey = typeof header === "string" ? header : null;
    refundRequests.push({ paymentId, idempotencyKey, body });
    if (!auth || auth.keyId !== credentials.keyId || auth.keySecret !== credentials.keySecret) {
      return send(response, 401, razorpayError("BAD_REQUEST_ERROR", "Authentication failed"));
    }
    if (failure) return sendFailure(response);
    const known = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
    if (known) return send(response, 200, refunds.get(known));
    const amount = body?.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return send(
        response,
        400,
        razorpayError("BAD_REQUEST_ERROR", "The amount must be at least INR 1.00", "amount"),
      );
    }
    const refund: RazorpayRefundEntity = {
      id: `rfnd_${randomBytes(7).toString("hex")}`,
      entity: "refund",
      amount,
      currency: "INR",
      payment_id: paymentId,
      receipt: typeof body?.receipt === "string" ? body.receipt : null,
      status: fake.refundStatus,
      speed_requested: typeof body?.speed === "string" ? body.speed : "normal",
      created_at: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, refund.id);
    return send(response, 200, refund);
  }

  async function createOrder(request: http.IncomingMessage, response: http.ServerResponse) {
    const auth = decodeBasicAuth(request.headers.authorization);
    const text = await readBody(request);
    let body: RecordedOrderRequest["body"] = null;
    try {
      const parsed: unknown = JSON.parse(text);
      body = parsed && typeof parsed === "object" ? (parsed as RecordedOrderRequest["body"]) : null;
    } catch {
      body = null;
    }
    requests.push({ auth, body, contentType: request.headers["content-type"] ?? null });

    if (!auth || auth.keyId !== credentials.keyId || auth.keySecret !== credentials.keySecret) {
      return send(response, 401, razorpayError("BAD_REQUEST_ERROR", "Authentication failed"));
    }
    if (failure) return sendFailure(response);
    if (!body) {
      return send(response, 400, razorpayError("BAD_REQUEST_ERROR", "The request body is invalid"));
    }
    const { amount, currency, receipt, notes } = body;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return send(
        response,
        400,
        razorpayError("BAD_REQUEST_ERROR", "The amount must be at least INR 1.00", "amount"),
      );
    }
    if (typeof currency !== "string" || currency.length !== 3) {
      return send(
        response,
        400,
        razorpayError("BAD_REQUEST_ERROR", "The currency field is required.", "currency"),
      );
    }
    if (receipt !== undefined && (typeof receipt !== "string" || receipt.length > 40)) {
      return send(
        response,
        400,
        razorpayError(
          "BAD_REQUEST_ERROR",
          "The receipt may not be greater than 40 characters.",
          "receipt",
        ),
      );
    }
    const order: RazorpayOrderEntity = {
      id: `order_${randomBytes(7).toString("hex")}`,
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === "string" ? receipt : null,
      status: "created",
      attempts: 0,
      // Razorpay answers an empty notes object as an empty array.
      notes:
        notes && typeof notes === "object" && Object.keys(notes).length > 0
          ? (notes as Record<string, string>)
          : [],
      created_at: Math.floor(Date.now() / 1000),
    };
    orders.set(order.id, order);
    return send(response, 200, order);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const refundPath = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (refundPath && request.method === "POST") {
      createRefund(decodeURIComponent(refundPath[1]!), request, response).catch((error: Error) =>
        send(response, 500, razorpayError("SERVER_ERROR", error.message)),
      );
      return;
    }
    const refundId = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname)?.[1];
    if (refundId && request.method === "GET") {
      const refund = refunds.get(decodeURIComponent(refundId));
      if (refund) return send(response, 200, refund);
      return send(
        response,
        400,
        razorpayError("BAD_REQUEST_ERROR", "The id provided does not exist"),
      );
    }
    if (url.pathname === "/v1/orders" && request.method === "POST") {
      createOrder(request, response).catch((error: Error) =>
        send(response, 500, razorpayError("SERVER_ERROR", error.message)),
      );
      return;
    }
    send(
      response,
      404,
      razorpayError("BAD_REQUEST_ERROR", "The requested URL was not found on the server."),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    orders,
    refundRequests,
    refunds,
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(status) {
      fake.refundStatus = status;
    },
    failNext(status, description = "Something went wrong, please try again after sometime.") {
      failure = { status, description };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
