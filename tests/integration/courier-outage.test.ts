/**
 * A courier that does not answer (docs/decisions/069): a shopper's call waits its budget, a
 * failure is remembered per PIN code and weight, and repeated failures open the courier's
 * circuit, so the checkout falls back to the shop's own fees and promise at once; a booking that
 * failed for now says when it is tried again, and "Try now" books it once, however pressed.
 * Against the stand-in of Shiprocket's API (tests/fakes/shiprocket-api.ts), told to hang.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SHOP_FEES } from "~/domain/courier-fees";
import type { DatabaseHandle } from "~/lib/db.server";
import { SHOPPER_WAIT_MS, withinBudget } from "~/lib/time-budget.server";
import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { bookingRetryOf, tryBookingNow } from "~/modules/shipping/booking-retry.server";
import { COURIER_UNREACHABLE_MESSAGE } from "~/modules/shipping/delivery-promise.server";
import { CIRCUIT_COOL_DOWN_MS } from "~/modules/shipping/serviceability.server";
import { COURIER_BOOKING_JOB } from "~/modules/shipping/shipments.server";
import { shippingFeesFor } from "~/modules/shipping/shipping-fees.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { courierBookingJob, runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import { auditLog, backgroundJobs, shipments } from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRoute, createAdmin, insertProfile, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { placeTestOrder } from "./support/orders";
import { chooseCourier, testServices } from "./support/services";

const EMAIL = "api-user@shop.example";
const PASSWORD = "api-password-0123";
const DOWN = "Courier partner is down. Please try again later.";

let handle: DatabaseHandle;
let adminId: string;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  adminId = (await insertProfile(handle.db, { fullName: "Outage Owner" }, { admin: true })).id;
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
});
beforeEach(() => testServices().shipping.forget());
afterEach(() => {
  fake.answerAgain();
  chooseCourier(undefined);
  vi.restoreAllMocks();
});
afterAll(async () => {
  chooseCourier(undefined);
  await fake?.close();
  await handle?.close();
});

/** A Shiprocket client already logged in, so that only the call under test meets the stand-in. */
async function loggedInShiprocket() {
  const courier = createShiprocketCourier({
    apiBase: fake.baseUrl,
    email: EMAIL,
    password: PASSWORD,
    pickupLocation: "Primary",
  });
  await courier.serviceability({
    originPin: "415003",
    pin: "411001",
    weightGrams: 500,
    cod: false,
  });
  chooseCourier(courier);
  return courier;
}

/** Chooses where the checkout's fees come from, as the settings screen saves it. */
async function feesFrom(source: "shop" | "courier") {
  const current = await getSettings(handle.db);
  await updateSettings(handle.db, adminId, { ...current, shippingFeesFrom: source });
}

const quotesAsked = () =>
  fake.calls.filter((call) => call.path.startsWith("/courier/serviceability/")).length;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe(`Shiprocket hung, on ${DATABASE_KIND}`, () => {
  it("a shopper waits at most the budget; the failure is remembered per PIN code; three open the circuit", async () => {
    await loggedInShiprocket();
    fake.hang("/courier/serviceability");
    const asked = quotesAsked();

    const [first, firstMs] = await timed(() => testServices().shipping.checkDelivery("411030"));
    expect(first).toEqual({
      ok: false,
      pin: "411030",
      message: COURIER_UNREACHABLE_MESSAGE,
      status: 503,
    });
    expect(firstMs).toBeGreaterThanOrEqual(SHOPPER_WAIT_MS - 50);
    expect(firstMs).toBeLessThan(SHOPPER_WAIT_MS + 1_000);
    expect(quotesAsked()).toBe(asked + 1);

    // The same PIN code again: its failure is remembered, the courier is not asked.
    const [again, againMs] = await timed(() => testServices().shipping.checkDelivery("411030"));
    expect(again).toMatchObject({ ok: false, status: 503 });
    expect(againMs).toBeLessThan(200);
    expect(quotesAsked()).toBe(asked + 1);

    // Two more PIN codes each wait their budget, and open the circuit.
    expect(await testServices().shipping.courierWordFor("411031")).toBeNull();
    expect(await testServices().shipping.courierWordFor("411032")).toBeNull();
    expect(quotesAsked()).toBe(asked + 3);

    // Open: any PIN code is answered at once, with the shop's own fees, and nothing is asked.
    await feesFrom("courier");
    try {
      const [fees, feesMs] = await timed(() =>
        shippingFeesFor(testServices().shipping, "560001", async () => 500),
      );
      expect(fees).toEqual(SHOP_FEES);
      expect(feesMs).toBeLessThan(200);
      const [estimate, estimateMs] = await timed(() =>
        testServices().shipping.checkDelivery("110001"),
      );
      expect(estimate).toMatchObject({ ok: false, status: 503 });
      expect(estimateMs).toBeLessThan(200);
      expect(quotesAsked()).toBe(asked + 3);
    } finally {
      await feesFrom("shop");
    }
  });

  it("after its cool-down one call tries the courier again; its answer closes the circuit", async () => {
    await loggedInShiprocket();
    fake.hang("/courier/serviceability");
    for (const pin of ["411040", "411041", "411042"])
      expect(await testServices().shipping.courierWordFor(pin)).toBeNull();
    const asked = quotesAsked();
    expect(await testServices().shipping.courierWordFor("411043")).toBeNull();
    expect(quotesAsked()).toBe(asked);

    fake.answerAgain();
    const realNow = Date.now;
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + CIRCUIT_COOL_DOWN_MS);
    expect(await testServices().shipping.courierWordFor("411044")).toMatchObject({ served: true });
    expect(await testServices().shipping.checkDelivery("411045")).toMatchObject({
      ok: true,
      pin: "411045",
    });
    expect(quotesAsked()).toBe(asked + 2);
  });

  it("a login left hanging by the outage does not hold the calls after Shiprocket answers again", async () => {
    const courier = createShiprocketCourier({
      apiBase: fake.baseUrl,
      email: EMAIL,
      password: PASSWORD,
      pickupLocation: "Primary",
    });
    const query = { originPin: "415003", pin: "411060", weightGrams: 500, cod: false };
    fake.hang("/auth/login");
    // A shopper's call needs the first token; the login hangs and the call's budget runs out.
    const [refused, refusedMs] = await timed(() =>
      withinBudget(
        300,
        (signal) => courier.serviceability(query, { signal }).catch((error: Error) => error),
        () => new Error("budget spent"),
      ).catch((error: Error) => error),
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refusedMs).toBeLessThan(1_000);
    fake.answerAgain();

    // The next call, with no budget of its own (a booking's), logs in afresh at once instead of
    // waiting the hung login's 20 s.
    const [answer, ms] = await timed(() => courier.serviceability({ ...query, pin: "411061" }));
    expect(answer).toMatchObject({ serviceable: true });
    expect(ms).toBeLessThan(2_000);
    expect(courier.logins()).toBe(2);
  });

  it("a slow login that answers after its first caller gave up keeps its token for the next calls", async () => {
    const courier = createShiprocketCourier({
      apiBase: fake.baseUrl,
      email: EMAIL,
      password: PASSWORD,
      pickupLocation: "Primary",
    });
    const query = { originPin: "415003", pin: "411070", weightGrams: 500, cod: false };
    const loginsBefore = fake.logins;
    fake.slow("/auth/login", 600);
    const refused = await withinBudget(
      300,
      (signal) => courier.serviceability(query, { signal }).catch((error: Error) => error),
      () => new Error("budget spent"),
    ).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    // The login lands after the caller left; the shop keeps what it was given.
    await vi.waitFor(() => expect(fake.logins).toBe(loginsBefore + 1), { timeout: 2_000 });
    fake.answerAgain();
    expect(await courier.serviceability({ ...query, pin: "411071" })).toMatchObject({
      serviceable: true,
    });
    expect(fake.logins).toBe(loginsBefore + 1);
    expect(courier.logins()).toBe(1);
  });

  it("a courier that refuses on purpose (4xx) does not open the circuit", async () => {
    await loggedInShiprocket();
    for (const pin of ["411050", "411051", "411052", "411053"]) {
      fake.failNext("/courier/serviceability", 422, "Oops! Invalid Data.");
      expect(await testServices().shipping.courierWordFor(pin)).toBeNull();
    }
    expect(await testServices().shipping.courierWordFor("411054")).toMatchObject({ served: true });
  });
});

describe(`"Try now" on a booking that failed for now, on ${DATABASE_KIND}`, () => {
  async function failedForNow() {
    await loggedInShiprocket();
    const order = await placeTestOrder(handle.db);
    fake.failNext("/orders/create/adhoc", 500, DOWN);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await runBookingJobs(handle.db, testServices());
    const creates = () =>
      fake.calls.filter(
        (call) => call.path === "/orders/create/adhoc" && call.body?.order_id === order.orderNumber,
      ).length;
    expect(creates()).toBe(1);
    return { order, creates };
  }

  it("the order says the error and when the shop tries again, and offers Try now", async () => {
    const { order } = await failedForNow();
    const owner = await createAdmin(handle.db);
    const view = await callRoute<{
      shipping: { shipment: { state: string; error: string; retry: { at: Date } } };
    }>(ordersLoader, browserRequest(`/admin/orders?view=${order.id}`, owner.cookies));
    const shipment = view.body!.shipping.shipment;
    expect(shipment.state).toBe("booking");
    expect(shipment.error).toBe(`Shiprocket answered 500: ${DOWN}`);
    expect(new Date(shipment.retry.at).getTime()).toBeGreaterThan(Date.now());
  });

  it("two presses at once and the job's own retry book it once", async () => {
    const { order, creates } = await failedForNow();
    const retry = await bookingRetryOf(handle.db, order.id);
    expect(retry).toEqual({ at: expect.any(Date) });
    const itsTime = new Date((retry as { at: Date }).at.getTime() + 1_000);

    const outcomes = await Promise.allSettled([
      tryBookingNow(handle.db, adminId, order.id),
      tryBookingNow(handle.db, adminId, order.id),
      // The job's own next attempt, in one process, and another process's runner.
      runDueJobs(handle.db, courierBookingJob, { services: testServices(), now: itsTime }),
      runDueJobs(handle.db, courierBookingJob, {
        services: testServices(),
      }),
    ]);
    for (const outcome of outcomes.slice(0, 2)) {
      if (outcome.status === "rejected") {
        expect((outcome.reason as Error).message).toBe(
          "This shipment is not waiting for another try",
        );
      }
    }
    await runBookingJobs(handle.db, testServices());

    expect(creates()).toBe(2);
    expect([...fake.orders.keys()].filter((key) => key === order.orderNumber)).toHaveLength(1);
    const [shipment] = await handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    expect(shipment).toMatchObject({
      state: "pickup_requested",
      awb: fake.orders.get(order.orderNumber)!.awb,
      error: null,
    });
    expect(await bookingRetryOf(handle.db, order.id)).toBeNull();
  });

  it("Try now through the orders screen runs the job now, audited; the runner books it", async () => {
    const { order, creates } = await failedForNow();
    const owner = await createAdmin(handle.db);
    const pressed = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "try-booking-now", orderId: order.id }),
    );
    expect(pressed.status).toBe(200);
    const [shipment] = await handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    const [job] = await handle.db
      .select()
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, COURIER_BOOKING_JOB),
          eq(backgroundJobs.key, shipment!.batchId),
        ),
      );
    expect(job).toMatchObject({ state: "queued", attempts: 1 });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audited = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "try-booking-now"), eq(auditLog.entityId, order.id)));
    expect(audited).toHaveLength(1);

    await runBookingJobs(handle.db, testServices());
    expect(creates()).toBe(2);
    expect(
      (await handle.db.select().from(shipments).where(eq(shipments.orderId, order.id)))[0]?.state,
    ).toBe("pickup_requested");

    // Booked: nothing waits any more, and another press is refused with 409, writing nothing.
    const late = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "try-booking-now", orderId: order.id }),
    );
    expect(late.status).toBe(409);
    expect(creates()).toBe(2);
  });

  it("refuses a malformed order id with 400 and a customer's press, writing nothing", async () => {
    const { order } = await failedForNow();
    const owner = await createAdmin(handle.db);
    const bad = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "try-booking-now", orderId: "nope" }),
    );
    expect(bad.status).toBe(400);
    const stranger = await callRoute(
      ordersAction,
      postForm("/admin/orders", [], { intent: "try-booking-now", orderId: order.id }),
    );
    expect(stranger.status).toBeGreaterThanOrEqual(300);
    const retry = await bookingRetryOf(handle.db, order.id);
    expect(retry).toEqual({ at: expect.any(Date) });
    expect((retry as { at: Date }).at.getTime()).toBeGreaterThan(Date.now());
  });
});
