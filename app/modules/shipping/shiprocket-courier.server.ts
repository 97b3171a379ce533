import { fasterRate } from "../../domain/courier-fees";
import { PIN_CODE } from "../../domain/validation/address-format";
import { untilAborted } from "../../lib/time-budget.server";
import type {
  Booking,
  BookingRequest,
  Courier,
  CourierQuote,
  CourierScan,
  Serviceability,
  ServiceabilityQuery,
} from "./courier.server";
import { CourierError } from "./courier.server";
import { formatRupeesPlain } from "./shiprocket-money";
import {
  parseShiprocketDay,
  parseShiprocketTime,
  parseShiprocketWebhook,
  shiprocketScanKind,
} from "./shiprocket-statuses";

/**
 * Shiprocket's public API (https://apidocs.shiprocket.in, base https://apiv2.shiprocket.in/v1/external):
 * - POST /auth/login {email, password} → {token}: a bearer token valid for 10 days, kept in memory
 *   and renewed a day before it lapses (or at once when a call answers 401);
 * - GET /courier/serviceability/?pickup_postcode&delivery_postcode&weight (kg)&cod (0|1);
 * - POST /orders/create/adhoc, keyed by our order number as its order_id;
 * - POST /courier/assign/awb {shipment_id}; POST /courier/generate/label {shipment_id: [..]};
 * - POST /courier/generate/pickup {shipment_id: [..]}; GET /courier/track/awb/{awb};
 * - POST /ndr/{awb}/action {action: "re-attempt", comments}: another attempt after a failed one;
 * - GET /orders/show/{id}: an order's details, with `remittance_utr` and `remittance_date` once
 *   the cash collected on delivery has been paid out to the shop.
 */
export type ShiprocketConfig = {
  apiBase: string;
  email: string;
  password: string;
  pickupLocation: string;
  now?: () => number;
};

/** Shiprocket's JSON, read field by field with every field checked where it is used. */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes vary by endpoint and are checked at each use
type Answer = any;

/**
 * The longest one call waits for Shiprocket's answer: bookings, tracking and payouts run in
 * background jobs, where waiting is fine. A shopper's call is also ended by its own budget
 * (docs/decisions/069).
 */
const CALL_TIMEOUT_MS = 20_000;

const TOKEN_LIFE_MS = 10 * 24 * 60 * 60 * 1000;
/** Renewed this long before Shiprocket's 10 days run out. */
const TOKEN_RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

type Token = { value: string; expiresAt: number };

/** A bank transfer's reference (UTR): 16 to 22 letters and digits in practice. */
const PAYOUT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,63}$/;

export function createShiprocketCourier(config: ShiprocketConfig): Courier & {
  /** How many times a token was asked for (tests read it). */
  logins(): number;
} {
  const apiBase = config.apiBase.replace(/\/+$/, "");
  const now = config.now ?? Date.now;
  let token: Token | null = null;
  let pending: Promise<Token> | null = null;
  let loginCount = 0;

  async function login(): Promise<Token> {
    loginCount += 1;
    const issuedAt = now();
    const body = await send("POST", "/auth/login", {
      body: { email: config.email, password: config.password },
    });
    if (typeof body?.token !== "string" || body.token === "") {
      throw new CourierError(
        "Shiprocket did not issue a token; check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD",
        false,
      );
    }
    return { value: body.token, expiresAt: issuedAt + TOKEN_LIFE_MS };
  }

  /**
   * The kept token, or one login shared by the calls that need it. A call whose own budget ends
   * while it waits lets go of that login, so a login left hanging by an outage does not hold the
   * calls after Shiprocket answers again (they log in afresh); it runs on to its own timeout, and
   * a token it brings late is kept all the same.
   */
  async function currentToken(renew = false, signal?: AbortSignal): Promise<string> {
    if (!renew && token && now() < token.expiresAt - TOKEN_RENEW_BEFORE_MS) return token.value;
    const attempt: Promise<Token> =
      pending ??
      login()
        .then((issued) => {
          token = issued;
          return issued;
        })
        .finally(() => {
          if (pending === attempt) pending = null;
        });
    pending = attempt;
    try {
      return (await (signal ? untilAborted(attempt, signal) : attempt)).value;
    } catch (error) {
      if (signal?.aborted && pending === attempt) pending = null;
      throw error;
    }
  }

  async function send(
    method: string,
    path: string,
    init: { body?: unknown; token?: string; signal?: AbortSignal } = {},
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal ? AbortSignal.any([timeout, init.signal]) : timeout,
      });
    } catch (error) {
      throw new CourierError(`Shiprocket could not be reached: ${(error as Error).message}`, true);
    }
    const body = await response.json().catch(() => null);
    if (response.status === 401) throw new UnauthorizedError();
    if (!response.ok) {
      throw new CourierError(
        `Shiprocket answered ${response.status}: ${errorText(body)}`,
        response.status >= 500 || response.status === 429,
        response.status,
      );
    }
    return body;
  }

  /**
   * A call with the kept token; a 401 (a token revoked early) logs in again once. `signal` ends
   * this call's own request early, and its wait for a shared login (which runs on for the others).
   */
  async function call(method: string, path: string, body?: unknown, signal?: AbortSignal) {
    try {
      return await send(method, path, { body, signal, token: await currentToken(false, signal) });
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      try {
        return await send(method, path, {
          body,
          signal,
          token: await currentToken(true, signal),
        });
      } catch (again) {
        if (again instanceof UnauthorizedError) {
          throw new CourierError(
            "Shiprocket refused the login; check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD",
            false,
          );
        }
        throw again;
      }
    }
  }

  async function serviceability(
    { originPin, pin, weightGrams, cod }: ServiceabilityQuery,
    options: { signal?: AbortSignal } = {},
  ): Promise<Serviceability> {
    if (!PIN_CODE.test(pin)) {
      return {
        serviceable: false,
        reason: "invalid_pin",
        message: "Please enter a valid 6-digit PIN code",
      };
    }
    const query = new URLSearchParams({
      pickup_postcode: originPin,
      delivery_postcode: pin,
      weight: (Math.max(weightGrams, 1) / 1000).toFixed(3),
      cod: cod ? "1" : "0",
    });
    let body: Answer;
    try {
      body = await call("GET", `/courier/serviceability/?${query}`, undefined, options.signal);
    } catch (error) {
      // Shiprocket answers 404 when no courier serves the PIN.
      if (error instanceof CourierError && error.status === 404) body = null;
      else throw error;
    }
    const companies: Answer[] = body?.data?.available_courier_companies ?? [];
    const quotes: CourierQuote[] = companies
      .filter((company) => !cod || Number(company.cod) === 1)
      .map((company) => ({
        courierId: String(company.courier_company_id),
        courierName: String(company.courier_name),
        charge: Math.round(Number(company.rate) * 100),
        estimatedDays: Number.parseInt(String(company.estimated_delivery_days), 10) || 0,
      }))
      .filter((quote) => Number.isFinite(quote.charge) && quote.charge >= 0)
      .sort((a, b) => a.charge - b.charge || a.estimatedDays - b.estimatedDays);
    if (quotes.length === 0) {
      const anyCompany = companies.length > 0;
      return anyCompany && cod
        ? {
            serviceable: false,
            reason: "cod_unavailable",
            message: `Cash on delivery is not available for PIN code ${pin}; please pay online`,
          }
        : {
            serviceable: false,
            reason: "not_serviced",
            message: `We do not deliver to PIN code ${pin} yet`,
          };
    }
    return {
      serviceable: true,
      quotes,
      codAvailable: cod || companies.some((company) => Number(company.cod) === 1),
    };
  }

  /**
   * The courier_id of the faster service an express order was charged for (the rule of
   * domain/courier-fees.ts, asked again now); null when none is faster: Shiprocket then assigns
   * its recommended courier, as for standard delivery.
   */
  async function expressCourierId(request: BookingRequest) {
    const answer = await serviceability({
      originPin: request.originPin,
      pin: request.address.postalCode,
      weightGrams: request.weightGrams,
      cod: request.cod,
    });
    if (!answer.serviceable) return null;
    const faster = fasterRate(
      answer.quotes.map((quote) => ({ ...quote, days: quote.estimatedDays })),
    );
    return faster ? Number(faster.courierId) : null;
  }

  return {
    provider: "shiprocket",
    logins: () => loginCount,

    serviceability,

    async book(request, resume = {}, progress = async () => {}) {
      let providerOrderId = resume.providerOrderId;
      let providerShipmentId = resume.providerShipmentId;
      if (!providerShipmentId) {
        const created = await call(
          "POST",
          "/orders/create/adhoc",
          adhocOrder(request, config.pickupLocation),
        );
        if (!created?.shipment_id) {
          throw new CourierError(
            `Shiprocket did not create the order: ${errorText(created)}`,
            false,
          );
        }
        providerOrderId = String(created.order_id);
        providerShipmentId = String(created.shipment_id);
        await progress({ providerOrderId, providerShipmentId });
      }
      let awb = resume.awb;
      let courierName = resume.courierName;
      if (!awb) {
        const courierId = request.express ? await expressCourierId(request) : null;
        const assigned = await call("POST", "/courier/assign/awb", {
          shipment_id: providerShipmentId,
          ...(courierId ? { courier_id: courierId } : {}),
        });
        const data = assigned?.response?.data;
        if (Number(assigned?.awb_assign_status) !== 1 || !data?.awb_code) {
          throw new CourierError(
            `Shiprocket assigned no AWB: ${data?.awb_assign_error ?? errorText(assigned)}`,
            false,
          );
        }
        awb = String(data.awb_code);
        courierName = String(data.courier_name ?? "");
        await progress({ awb, courierName });
      }
      let labelUrl = resume.labelUrl ?? null;
      if (!labelUrl) {
        const label = await call("POST", "/courier/generate/label", {
          shipment_id: [providerShipmentId],
        });
        if (Number(label?.label_created) !== 1 || typeof label?.label_url !== "string") {
          throw new CourierError(`Shiprocket made no label: ${errorText(label)}`, true);
        }
        labelUrl = label.label_url;
      }
      return {
        providerOrderId: providerOrderId ?? "",
        providerShipmentId,
        awb,
        courierName: courierName ?? "",
        labelUrl,
      } satisfies Booking;
    },

    async requestPickup(shipments) {
      const answer = await call("POST", "/courier/generate/pickup", {
        shipment_id: shipments.map((shipment) => Number(shipment.providerShipmentId)),
      });
      if (Number(answer?.pickup_status) !== 1) {
        throw new CourierError(
          `Shiprocket did not schedule the pickup: ${errorText(answer)}`,
          true,
        );
      }
      return { pickupOn: answer?.response?.pickup_scheduled_date ?? null };
    },

    async requestReattempt({ awb, address }) {
      const where = [
        address.addressLine1,
        address.addressLine2,
        `${address.city}, ${address.state} ${address.postalCode}`,
      ]
        .filter(Boolean)
        .join(", ");
      await call("POST", `/ndr/${encodeURIComponent(awb)}/action`, {
        action: "re-attempt",
        comments: `Please attempt again: ${address.fullName}, ${where}, phone ${address.phone}`,
      });
    },

    async track(awb) {
      const answer = await call("GET", `/courier/track/awb/${encodeURIComponent(awb)}`);
      const activities: Answer[] = answer?.tracking_data?.shipment_track_activities ?? [];
      const scans: CourierScan[] = [];
      for (const activity of activities) {
        const kind = shiprocketScanKind(activity["sr-status-label"], Number(activity["sr-status"]));
        const at = parseShiprocketTime(activity.date);
        if (!kind || !at) continue;
        scans.push({
          awb,
          kind,
          at,
          status: String(activity["sr-status-label"] ?? kind),
          description: String(activity.activity ?? ""),
          location: activity.location ? String(activity.location) : null,
        });
      }
      return scans.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    trackingUrl(awb) {
      return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
    },

    async codRemittance(providerOrderId) {
      const answer = await call("GET", `/orders/show/${encodeURIComponent(providerOrderId)}`);
      const data = answer?.data;
      if (!data || typeof data !== "object") {
        throw new CourierError(`Shiprocket sent no order details: ${errorText(answer)}`, true);
      }
      // The payout's bank reference appears once the cash is paid out to the shop.
      const reference = typeof data.remittance_utr === "string" ? data.remittance_utr.trim() : "";
      if (!reference) return null;
      if (!PAYOUT_REFERENCE.test(reference)) {
        throw new CourierError(`Shiprocket sent an unreadable payout reference`, false);
      }
      return { reference, remittedAt: parseShiprocketDay(data.remittance_date) };
    },

    parseWebhook: parseShiprocketWebhook,
  };
}

class UnauthorizedError extends CourierError {
  constructor() {
    super("Shiprocket refused the token", true);
  }
}

function errorText(body: Answer): string {
  if (!body) return "no answer";
  if (typeof body.message === "string") return body.message;
  if (body.errors) return JSON.stringify(body.errors).slice(0, 300);
  return JSON.stringify(body).slice(0, 300);
}

/** Shiprocket's ad-hoc order: the order number is its order_id, amounts in rupees, weight in kg. */
function adhocOrder(request: BookingRequest, pickupLocation: string) {
  const [firstName, ...rest] = request.address.fullName.trim().split(/\s+/);
  const orderDate = new Date(request.orderDate.getTime() + 330 * 60_000).toISOString();
  return {
    order_id: request.orderNumber,
    order_date: `${orderDate.slice(0, 10)} ${orderDate.slice(11, 16)}`,
    pickup_location: pickupLocation,
    billing_customer_name: firstName ?? request.address.fullName,
    billing_last_name: rest.join(" "),
    billing_address: request.address.addressLine1,
    billing_address_2: request.address.addressLine2 ?? "",
    billing_city: request.address.city,
    billing_pincode: request.address.postalCode,
    billing_state: request.address.state,
    billing_country: "India",
    billing_email: request.email ?? "",
    billing_phone: request.address.phone.replace(/\D/g, "").slice(-10),
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: formatRupeesPlain(item.unitPrice),
      hsn: item.hsn,
    })),
    payment_method: request.cod ? "COD" : "Prepaid",
    sub_total: formatRupeesPlain(request.cod ? request.total : request.subtotal),
    length: request.size.lengthCm,
    breadth: request.size.breadthCm,
    height: request.size.heightCm,
    weight: Number((Math.max(request.weightGrams, 1) / 1000).toFixed(3)),
  };
}
