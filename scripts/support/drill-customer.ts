/**
 * The kill drill's customers (scripts/drill-kill.ts): each drives the shop's own forms over HTTP,
 * as a browser without JavaScript would, with Razorpay's checkout played by the drill (it signs
 * the payment with the key secret, as Razorpay's checkout hands the browser a signed payment).
 */
import { createHmac, randomBytes } from "node:crypto";

export type Acknowledged = { key: string; quantity: number };

/** A card order as far as its customer got: paid, then cancelled (which refunds it). */
export type CardOrder = { orderId: string; paid: boolean; cancelled: boolean };

/** One burst of checkouts, shared by the customers' loops until it stops (the shop was killed). */
export type Burst = {
  stopped: boolean;
  acknowledged: Acknowledged[];
  cardOrders: CardOrder[];
  attempts: number;
  refused: number;
  errors: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ADDRESS = {
  fullName: "Drill Customer",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

export function hiddenInput(html: string, name: string) {
  return new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
}

/** The toast a redirect carries (app/lib/toast.server.ts): a signed cookie holding JSON. */
function toastType(setCookies: string[]) {
  for (const cookie of setCookies) {
    const match = /^shop_toast=([^;]+)/.exec(cookie);
    if (!match) continue;
    const signed = decodeURIComponent(match[1]!);
    const encoded = signed.slice(0, signed.lastIndexOf("."));
    const json = Buffer.from(encoded, "base64").toString("utf8");
    return /"type":"(success|error|info)"/.exec(json)?.[1] ?? null;
  }
  return null;
}

export class Customer {
  private cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || at === pair.length - 1;
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return { ...(cookie ? { cookie } : {}), ...extra };
  }

  async get(pathname: string) {
    const response = await fetch(`${this.base}${pathname}`, {
      headers: this.headers({ "sec-fetch-mode": "navigate" }),
      redirect: "manual",
    });
    this.remember(response);
    return { status: response.status, body: await response.text() };
  }

  async post(pathname: string, fields: Record<string, string>) {
    const response = await fetch(`${this.base}${pathname}`, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/x-www-form-urlencoded",
        origin: this.base,
        "sec-fetch-mode": "navigate",
      }),
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    this.remember(response);
    const body = await response.text();
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      toast: toastType(response.headers.getSetCookie()),
      body,
    };
  }

  get signedIn() {
    return [...this.cookies.keys()].some((name) => name.endsWith("shop.session_token"));
  }
}

export async function signUp(customer: Customer, index: number) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const result = await customer.post("/auth", {
    intent: "sign-up",
    fullName: `Drill Customer ${letters[index % 26]}`,
    email: customer.email,
    password: "drill-password",
  });
  if (result.status >= 400 || !customer.signedIn) {
    throw new Error(`sign-up of ${customer.email} failed with ${result.status}`);
  }
}

/** Cash-on-delivery checkouts, one after another, until the burst stops. */
export async function cashOnDeliveryLoop(
  customer: Customer,
  productId: string,
  couponCode: string,
  burst: Burst,
) {
  while (!burst.stopped) {
    try {
      await customer.post("/cart", { intent: "clear" });
      const quantity = 1 + Math.floor(Math.random() * 3);
      await customer.post("/cart", { intent: "add", productId, quantity: String(quantity) });
      const coupon = Math.random() < 0.5;
      if (coupon) {
        const applied = await customer.post("/cart", { intent: "apply-coupon", code: couponCode });
        if (applied.status >= 400) await customer.post("/cart", { intent: "remove-coupon" });
      }
      const page = await customer.get("/checkout");
      const quote = hiddenInput(page.body, "quote");
      const idempotencyKey = hiddenInput(page.body, "idempotencyKey");
      if (page.status !== 200 || !quote || !idempotencyKey) {
        // Out of stock: the checkout sends the customer back to the cart.
        burst.refused++;
        await sleep(200);
        continue;
      }
      burst.attempts++;
      const placed = await customer.post("/checkout", {
        ...ADDRESS,
        paymentMethod: "cod",
        idempotencyKey,
        quote,
      });
      if (placed.status >= 300 && placed.status < 400 && placed.location.startsWith("/profile")) {
        burst.acknowledged.push({ key: idempotencyKey, quantity });
      } else {
        burst.refused++;
      }
    } catch {
      // The shop went away mid-request: that order was not acknowledged.
      burst.errors++;
      await sleep(100);
    }
  }
}

/** The card order waiting for this customer's payment, when the checkout shows one. */
async function orderAwaitingPayment(customer: Customer) {
  const page = await customer.get("/checkout");
  return page.status === 200 && !hiddenInput(page.body, "quote")
    ? hiddenInput(page.body, "orderId")
    : undefined;
}

/** Places a card order for one jar; its id once the shop shows it awaiting payment. */
async function placeCardOrder(customer: Customer, productId: string, burst: Burst) {
  await customer.post("/cart", { intent: "add", productId, quantity: "1" });
  const page = await customer.get("/checkout");
  const quote = hiddenInput(page.body, "quote");
  const idempotencyKey = hiddenInput(page.body, "idempotencyKey");
  if (page.status !== 200 || !quote || !idempotencyKey) return undefined;
  burst.attempts++;
  const placed = await customer.post("/checkout", {
    ...ADDRESS,
    paymentMethod: "razorpay",
    idempotencyKey,
    quote,
  });
  if (placed.status < 300 || placed.status >= 400) return undefined;
  return orderAwaitingPayment(customer);
}

/**
 * Card orders, one after another until the burst stops: placed, paid through Razorpay's checkout
 * (played by the drill), then cancelled by the customer, which refunds the payment. An order a
 * kill left unpaid is paid when the customer comes back.
 */
export async function cardPaymentLoop(
  customer: Customer,
  productId: string,
  keySecret: string,
  burst: Burst,
) {
  while (!burst.stopped) {
    let order: CardOrder | undefined;
    try {
      await customer.post("/cart", { intent: "clear" });
      const orderId =
        (await orderAwaitingPayment(customer)) ??
        (await placeCardOrder(customer, productId, burst));
      if (!orderId) {
        burst.refused++;
        await sleep(200);
        continue;
      }
      order = { orderId, paid: false, cancelled: false };
      const started = await customer.post("/checkout/payment", { intent: "start", orderId });
      const providerOrderId = (
        JSON.parse(started.body) as { payment?: { providerOrderId?: string } }
      ).payment?.providerOrderId;
      if (!providerOrderId) throw new Error(`the payment did not start (${started.status})`);
      // What Razorpay's checkout returns to the browser once the customer paid.
      const paymentId = `pay_${randomBytes(7).toString("hex")}`;
      const signature = createHmac("sha256", keySecret)
        .update(`${providerOrderId}|${paymentId}`)
        .digest("hex");
      const confirmed = await customer.post("/checkout/payment", {
        intent: "confirm",
        orderId,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      });
      if (confirmed.toast !== "success") throw new Error("the payment was not confirmed");
      order.paid = true;
      const cancelled = await customer.post("/profile?tab=orders", {
        intent: "cancel-order",
        orderId,
      });
      if (cancelled.status !== 200 || cancelled.toast !== "success") {
        throw new Error(`the cancellation was refused (${cancelled.status})`);
      }
      order.cancelled = true;
    } catch {
      burst.errors++;
      await sleep(100);
    } finally {
      if (order) burst.cardOrders.push(order);
    }
  }
}
