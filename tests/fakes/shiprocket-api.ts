/**
 * A stand-in for Shiprocket's external API on loopback: a real HTTP server on an ephemeral port,
 * so the shop's own `fetch` calls, headers and JSON are exercised exactly as against
 * https://apiv2.shiprocket.in/v1/external. Written from Shiprocket's public reference
 * (https://apidocs.shiprocket.in):
 *
 * - `POST /auth/login` `{email, password}` → `{token, ...}`; the token is sent as
 *   `Authorization: Bearer <token>` and lapses after 10 days (240 hours), after which calls
 *   answer 401;
 * - `GET /courier/serviceability/?pickup_postcode&delivery_postcode&weight&cod` →
 *   `{status: 200, data: {available_courier_companies: [{courier_company_id, courier_name, rate,
 *   estimated_delivery_days, etd, cod}]}}`, or 404 `{status: 404, message}` when none serves. It
 *   quotes three services per started 500 g, with different rates and days: Delhivery Surface
 *   ₹62.50 in 5 days, Xpressbees Air ₹89 in 2, and Ecom Express ₹54.25 in 6, prepaid only, the
 *   cheapest (a rate in paise, so the shop rounds it up: docs/decisions/064);
 * - `POST /orders/create/adhoc` (order_id, order_date, pickup_location, billing_*,
 *   shipping_is_billing, order_items [{name, sku, units, selling_price}], payment_method
 *   "Prepaid"|"COD", sub_total, length, breadth, height, weight) → `{order_id, shipment_id,
 *   status: "NEW", status_code: 1, awb_code: "", courier_name: ""}`; 422 `{message, errors}`
 *   for missing fields. A channel order id is unique: creating it again answers the same order
 *   and shipment (how Shiprocket treats a repeated order_id on the same channel);
 * - `POST /courier/assign/awb` `{shipment_id, courier_id?}` → `{awb_assign_status: 1, response:
 *   {data: {awb_code, courier_company_id, courier_name, shipment_id}}}`, or `awb_assign_status: 0`
 *   with `response.data.awb_assign_error`;
 * - `POST /courier/generate/label` `{shipment_id: [..]}` → `{label_created: 1, label_url,
 *   response, not_created: []}`;
 * - `POST /courier/generate/pickup` `{shipment_id: [..]}` → `{pickup_status: 1, response:
 *   {pickup_scheduled_date, pickup_token_number, status: 3, data}}`;
 * - `GET /courier/track/awb/{awb}` → `{tracking_data: {track_status, shipment_status,
 *   shipment_track, shipment_track_activities: [{date, status, activity, location, "sr-status",
 *   "sr-status-label"}], track_url}}`;
 * - the tracking webhook's body (`webhookBody`): awb, courier_name, current_status,
 *   current_status_id, shipment_status, shipment_status_id, current_timestamp ("DD MM YYYY
 *   HH:mm:ss"), order_id, sr_order_id, scans [...];
 * - `GET /orders/show/{id}` (Shiprocket's order id) → `{data: {id, channel_order_id, status,
 *   payment_method, total, cod, shipments: {...}, awb_data: {...}, remittance_date,
 *   remittance_utr, remittance_status}}`: the payout fields are empty strings until the cash
 *   collected on delivery is paid out; 404 for an unknown order.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ShiprocketCall = {
  method: string;
  path: string;
  token: string | null;
  body: Record<string, unknown> | null;
  /** When it arrived (ms since the epoch). */
  at: number;
};

type ShiprocketOrder = {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  body: Record<string, unknown>;
  awb: string | null;
  courierName: string | null;
  activities: Activity[];
  remittance: { utr: string; date: string; status: string };
};

type Activity = {
  date: string;
  status: string;
  activity: string;
  location: string;
  "sr-status": string;
  "sr-status-label": string;
};

export type FakeShiprocket = {
  baseUrl: string;
  calls: ShiprocketCall[];
  /** Successful logins, in order. */
  logins: number;
  /** Orders created, by channel order id (the shop's order number). */
  orders: Map<string, ShiprocketOrder>;
  pickups: number[][];
  /** The stand-in's clock, for tokens that lapse; Date.now unless set. */
  now: () => number;
  /** Makes the next call whose path starts with `path` answer this status and message, once. */
  failNext(path: string, status: number, message: string): void;
  /**
   * From now on, a call whose path starts with `path` (every call: "") is accepted and never
   * answered, as an overloaded Shiprocket does; `answerAgain` ends it. Such calls are recorded.
   */
  hang(path?: string): void;
  /** From now on, a call whose path starts with `path` is answered after `ms`; `answerAgain` ends it. */
  slow(path: string, ms: number): void;
  answerAgain(): void;
  /** Revokes every token issued so far (calls with one then answer 401). */
  revokeTokens(): void;
  /**
   * Shiprocket pays out an order's collected cash: its details then name the payout's UTR and
   * date (`date` as Shiprocket writes it, e.g. "2026-11-27").
   */
  remit(channelOrderId: string, utr: string, date: string): void;
  /** A scan Shiprocket would record for an AWB, and the webhook body it would send for it. */
  scan(awb: string, label: string, statusId: number, at: Date): Record<string, unknown>;
  close(): Promise<void>;
};

const TOKEN_LIFE_MS = 10 * 24 * 60 * 60 * 1000;

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

/** Shiprocket's time as it writes it: India's time, "YYYY-MM-DD HH:mm:ss". */
function istText(at: Date) {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The webhook's current_timestamp: "DD MM YYYY HH:mm:ss". */
function istWebhookText(at: Date) {
  const [date, time] = istText(at).split(" ");
  const [year, month, day] = date!.split("-");
  return `${day} ${month} ${year} ${time}`;
}

/** The couriers the stand-in quotes, by company id. */
const COURIER_NAMES: Record<number, string> = {
  10: "Delhivery Surface",
  33: "Xpressbees Air",
  51: "Ecom Express",
};

const REQUIRED_ORDER_FIELDS = [
  "order_id",
  "order_date",
  "pickup_location",
  "billing_customer_name",
  "billing_address",
  "billing_city",
  "billing_pincode",
  "billing_state",
  "billing_country",
  "billing_phone",
  "payment_method",
  "sub_total",
  "length",
  "breadth",
  "height",
  "weight",
] as const;

export async function startFakeShiprocket(credentials: {
  email: string;
  password: string;
}): Promise<FakeShiprocket> {
  const calls: ShiprocketCall[] = [];
  const orders = new Map<string, ShiprocketOrder>();
  const byShipment = new Map<number, ShiprocketOrder>();
  const byAwb = new Map<string, ShiprocketOrder>();
  const tokens = new Map<string, number>();
  const pickups: number[][] = [];
  const failures: { path: string; status: number; message: string }[] = [];
  let hanging: string | null = null;
  let slowing: { path: string; ms: number } | null = null;
  let sequence = 0;

  const fake: FakeShiprocket = {
    baseUrl: "",
    calls,
    logins: 0,
    orders,
    pickups,
    now: Date.now,
    failNext(path, status, message) {
      failures.push({ path, status, message });
    },
    revokeTokens() {
      tokens.clear();
    },
    hang(path = "") {
      hanging = path;
    },
    slow(path, ms) {
      slowing = { path, ms };
    },
    answerAgain() {
      hanging = null;
      slowing = null;
    },
    remit(channelOrderId, utr, date) {
      const order = orders.get(channelOrderId);
      if (!order) throw new Error(`no Shiprocket order ${channelOrderId}`);
      order.remittance = { utr, date, status: "Remitted" };
    },
    scan(awb, label, statusId, at) {
      const order = byAwb.get(awb);
      const activity: Activity = {
        date: istText(at),
        status: label,
        activity: `${label.charAt(0)}${label.slice(1).toLowerCase()}`,
        location: "Pune Hub (Maharashtra)",
        "sr-status": String(statusId),
        "sr-status-label": label,
      };
      order?.activities.push(activity);
      return {
        awb,
        courier_name: order?.courierName ?? "Delhivery Surface",
        current_status: label,
        current_status_id: statusId,
        shipment_status: label,
        shipment_status_id: statusId,
        current_timestamp: istWebhookText(at),
        order_id: order?.channelOrderId ?? "unknown",
        sr_order_id: order?.orderId ?? 0,
        awb_assigned_date: istText(at),
        pickup_scheduled_date: istText(at),
        etd: istText(new Date(at.getTime() + 3 * 86_400_000)),
        scans: order?.activities ?? [activity],
        is_return: label.startsWith("RTO") ? 1 : 0,
        channel_id: 1,
        pod_status: "",
        pod: "Not Available",
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Calls left hanging are cut, or the server would wait for them.
        server.closeAllConnections();
      }),
  };

  function authorized(request: http.IncomingMessage) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
    const issuedAt = match ? tokens.get(match[1]!) : undefined;
    return issuedAt !== undefined && fake.now() < issuedAt + TOKEN_LIFE_MS;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/^\/v1\/external/, "");
    const text = request.method === "POST" ? await readBody(request) : "";
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = text ? JSON.parse(text) : null;
      body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? null;
    calls.push({
      method: request.method ?? "GET",
      path: `${path}${url.search}`,
      token,
      body,
      at: Date.now(),
    });
    if (hanging !== null && path.startsWith(hanging)) return;
    if (slowing && path.startsWith(slowing.path)) {
      await new Promise((resolve) => setTimeout(resolve, slowing?.ms));
    }

    if (request.method === "POST" && path === "/auth/login") {
      if (body?.email !== credentials.email || body?.password !== credentials.password) {
        return send(response, 403, { message: "Invalid email and password combination" });
      }
      fake.logins += 1;
      sequence += 1;
      const issued = `token-${sequence}-${Math.random().toString(36).slice(2)}`;
      tokens.set(issued, fake.now());
      return send(response, 200, {
        id: 1,
        first_name: "API",
        last_name: "User",
        email: credentials.email,
        company_id: 1,
        created_at: istText(new Date(fake.now())),
        token: issued,
      });
    }
    if (!authorized(request)) {
      return send(response, 401, { message: "Token has expired", status_code: 401 });
    }
    const failure = failures.findIndex((entry) => path.startsWith(entry.path));
    if (failure >= 0) {
      const [entry] = failures.splice(failure, 1);
      return send(response, entry!.status, { message: entry!.message, status_code: entry!.status });
    }

    if (request.method === "GET" && path === "/courier/serviceability/") {
      const pin = url.searchParams.get("delivery_postcode") ?? "";
      const cod = url.searchParams.get("cod") === "1";
      const weight = Number(url.searchParams.get("weight"));
      if (!/^\d{6}$/.test(pin) || !url.searchParams.get("pickup_postcode") || !(weight > 0)) {
        return send(response, 422, { message: "Oops! Invalid Data.", status_code: 422 });
      }
      if (pin.startsWith("68255")) {
        return send(response, 404, {
          status: 404,
          message: `Delivery postcode ${pin} is not serviceable`,
        });
      }
      const companies = [
        { courier_company_id: 10, courier_name: "Delhivery Surface", rate: 62.5, days: 5, cod: 1 },
        { courier_company_id: 33, courier_name: "Xpressbees Air", rate: 89, days: 2, cod: 1 },
        { courier_company_id: 51, courier_name: "Ecom Express", rate: 54.25, days: 6, cod: 0 },
      ].filter((company) => !cod || company.cod === 1 || !pin.startsWith("744"));
      return send(response, 200, {
        status: 200,
        data: {
          available_courier_companies: (pin.startsWith("744")
            ? companies.map((company) => ({ ...company, cod: 0 }))
            : companies
          ).map((company) => ({
            courier_company_id: company.courier_company_id,
            courier_name: company.courier_name,
            rate: company.rate * Math.max(1, Math.ceil(weight / 0.5)),
            estimated_delivery_days: String(company.days),
            etd: istText(new Date(fake.now() + company.days * 86_400_000)),
            cod: company.cod,
          })),
        },
      });
    }

    if (request.method === "POST" && path === "/orders/create/adhoc") {
      const missing = REQUIRED_ORDER_FIELDS.filter(
        (field) => body?.[field] === undefined || body?.[field] === "",
      );
      const items = Array.isArray(body?.order_items) ? body.order_items : [];
      if (items.length === 0) missing.push("order_items" as never);
      if (missing.length > 0) {
        return send(response, 422, {
          message: "Oops! Invalid Data.",
          errors: Object.fromEntries(
            missing.map((field) => [field, [`The ${field} field is required.`]]),
          ),
          status_code: 422,
        });
      }
      const channelOrderId = String(body!.order_id);
      let order = orders.get(channelOrderId);
      if (!order) {
        sequence += 1;
        order = {
          orderId: 100_000 + sequence,
          shipmentId: 200_000 + sequence,
          channelOrderId,
          body: body!,
          awb: null,
          courierName: null,
          activities: [],
          remittance: { utr: "", date: "", status: "" },
        };
        orders.set(channelOrderId, order);
        byShipment.set(order.shipmentId, order);
      }
      return send(response, 200, {
        order_id: order.orderId,
        shipment_id: order.shipmentId,
        status: "NEW",
        status_code: 1,
        onboarding_completed_now: 0,
        awb_code: order.awb ?? "",
        courier_company_id: "",
        courier_name: order.courierName ?? "",
      });
    }

    if (request.method === "POST" && path === "/courier/assign/awb") {
      const order = byShipment.get(Number(body?.shipment_id));
      if (!order) {
        return send(response, 200, {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: "Shipment not found" } },
        });
      }
      if (order.awb) {
        return send(response, 200, {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: "AWB is already assigned to this shipment" } },
        });
      }
      sequence += 1;
      order.awb = `1904${String(14_247_515_40 + sequence)}`;
      // The courier asked for, when one is named (its company id), else Shiprocket's pick.
      const companyId = COURIER_NAMES[Number(body?.courier_id)] ? Number(body?.courier_id) : 10;
      order.courierName = COURIER_NAMES[companyId]!;
      byAwb.set(order.awb, order);
      return send(response, 200, {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: companyId,
            awb_code: order.awb,
            courier_name: order.courierName,
            shipment_id: order.shipmentId,
            order_id: order.orderId,
            assigned_date_time: { date: istText(new Date(fake.now())) },
          },
        },
      });
    }

    if (request.method === "POST" && path === "/courier/generate/label") {
      const ids = Array.isArray(body?.shipment_id) ? body.shipment_id.map(Number) : [];
      const known = ids.filter((id: number) => byShipment.get(id)?.awb);
      if (known.length === 0) {
        return send(response, 200, {
          label_created: 0,
          not_created: ids,
          response: "Label not created",
        });
      }
      return send(response, 200, {
        label_created: 1,
        label_url: `${fake.baseUrl}/labels/${known.join("-")}.pdf`,
        response: "Label has been created and uploaded successfully!",
        not_created: ids.filter((id: number) => !known.includes(id)),
      });
    }

    if (request.method === "POST" && path === "/courier/generate/pickup") {
      const ids = Array.isArray(body?.shipment_id) ? body.shipment_id.map(Number) : [];
      if (ids.length === 0 || ids.some((id: number) => !byShipment.get(id)?.awb)) {
        return send(response, 400, {
          message: "Please assign AWB before generating pickup",
          status_code: 400,
        });
      }
      pickups.push(ids);
      const date = istText(new Date(fake.now() + 86_400_000));
      return send(response, 200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: date,
          pickup_token_number: `Reference No: ${pickups.length}`,
          status: 3,
          others: "",
          pickup_generated_date: { date: istText(new Date(fake.now())) },
          data: `Pickup is scheduled for ${date.slice(0, 10)}`,
        },
      });
    }

    const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (request.method === "GET" && track) {
      const order = byAwb.get(decodeURIComponent(track[1]!));
      if (!order) return send(response, 404, { message: "AWB not found", status_code: 404 });
      const last = order.activities.at(-1);
      return send(response, 200, {
        tracking_data: {
          track_status: order.activities.length > 0 ? 1 : 0,
          shipment_status: Number(last?.["sr-status"] ?? 6),
          shipment_track: [
            {
              awb_code: order.awb,
              courier_name: order.courierName,
              current_status: last?.["sr-status-label"] ?? "AWB ASSIGNED",
            },
          ],
          shipment_track_activities: [...order.activities].reverse(),
          track_url: `https://shiprocket.co/tracking/${order.awb}`,
        },
      });
    }

    // An action on an undelivered shipment (NDR): only "re-attempt" is asked for by the shop.
    const ndr = /^\/ndr\/([^/]+)\/action$/.exec(path);
    if (request.method === "POST" && ndr) {
      if (!byAwb.get(decodeURIComponent(ndr[1]!))) {
        return send(response, 404, { message: "AWB not found", status_code: 404 });
      }
      if (body?.action !== "re-attempt" || typeof body.comments !== "string") {
        return send(response, 422, { message: "The action field is invalid.", status_code: 422 });
      }
      return send(response, 200, { status: 200, message: "Action taken successfully" });
    }

    const show = /^\/orders\/show\/(\d+)$/.exec(path);
    if (request.method === "GET" && show) {
      const order = [...orders.values()].find((entry) => entry.orderId === Number(show[1]));
      if (!order) return send(response, 404, { message: "Order not found", status_code: 404 });
      const cod = order.body.payment_method === "COD";
      return send(response, 200, {
        data: {
          id: order.orderId,
          channel_order_id: order.channelOrderId,
          customer_pincode: String(order.body.billing_pincode ?? ""),
          total: Number(order.body.sub_total),
          net_total: Number(order.body.sub_total).toFixed(2),
          cod: cod ? 1 : 0,
          payment_method: cod ? "cod" : "prepaid",
          status: order.activities.at(-1)?.["sr-status-label"] ?? "NEW",
          shipments: {
            id: order.shipmentId,
            order_id: order.orderId,
            awb: order.awb,
            courier: order.courierName ?? "",
            cod_charges: cod ? "35.00" : "0.00",
          },
          awb_data: { awb: order.awb ?? "", charges: { cod_charges: cod ? "35.00" : "" } },
          delivered_date: null,
          remittance_date: order.remittance.date,
          remittance_utr: order.remittance.utr,
          remittance_status: order.remittance.status,
        },
      });
    }

    return send(response, 404, { message: "Not found", status_code: 404 });
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1/external`;
  return fake;
}

/**
 * Posts a tracking webhook as Shiprocket's servers do (Settings → API → Webhooks in its panel):
 * a JSON POST to the callback URL with the token set there in `x-api-key`, server to server, so
 * with no Origin, Referer or cookie. `body` is what `scan()` gives. Answers the shop's reply.
 */
export async function postShiprocketWebhook(
  url: string,
  token: string | null,
  body: Record<string, unknown>,
) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(token === null ? {} : { "x-api-key": token }),
    },
    body: JSON.stringify(body),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}
