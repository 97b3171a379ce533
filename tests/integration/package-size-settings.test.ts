/**
 * The box parcels are booked in (docs/decisions/060), set on the settings screen while a courier
 * books parcels: saved and audited, refused out of range with nothing written, absent with
 * COURIER=off, and sent to Shiprocket (its stand-in) when an order is booked. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getSettings } from "~/modules/settings/settings.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import { auditLog } from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRouteAt, createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { placeTestOrder } from "./support/orders";
import type { Customer } from "./support/profile";
import { chooseCourier, testServices } from "./support/services";

const EMAIL = "api-user@shop.example";
const PASSWORD = "api-password-0123";

let handle: DatabaseHandle;
let admin: Customer;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db, "Parcel Owner");
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
});
afterEach(() => chooseCourier(undefined));
afterAll(async () => {
  chooseCourier(undefined);
  await fake?.close();
  await handle?.close();
});

type LoaderData = Awaited<ReturnType<typeof settingsLoader>>;

async function currentForm() {
  const answer = await callRouteAt<LoaderData>(settingsLoader, "/admin/settings", admin.cookies);
  return answer.body!;
}

async function save(changes: Record<string, string>) {
  const fields = { ...(await currentForm()).settings, ...changes };
  return callRouteAt<{ ok: boolean; result: { error?: Record<string, string[]> } }>(
    settingsAction,
    "/admin/settings",
    admin.cookies,
    fields,
  );
}

async function settingsAudit() {
  return handle.db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
}

async function boxOf(settings: Awaited<ReturnType<typeof getSettings>>) {
  return [settings.packageLengthCm, settings.packageBreadthCm, settings.packageHeightCm];
}

describe(`the parcel box in the settings on ${DATABASE_KIND}`, () => {
  it("is saved and audited while a courier books parcels", async () => {
    chooseCourier(testCourier);
    const form = await currentForm();
    expect(form.courier).toBe(true);
    expect(form.settings).toMatchObject({
      packageLengthCm: "20",
      packageBreadthCm: "15",
      packageHeightCm: "10",
    });
    const entries = (await settingsAudit()).length;
    const answer = await save({
      packageLengthCm: " 30 ",
      packageBreadthCm: "22",
      packageHeightCm: "200",
    });
    expect(answer.status).toBe(200);
    expect(answer.toast).toMatchObject({
      type: "success",
      title: "Settings saved",
      description: "Changed: Package length (cm), Package breadth (cm), Package height (cm)",
    });
    expect(await boxOf(await getSettings(handle.db))).toEqual([30, 22, 200]);
    const audit = await settingsAudit();
    expect(audit).toHaveLength(entries + 1);
    const latest = audit.find(
      (entry) => JSON.stringify(entry.changes).includes("packageLengthCm") && entry.actorId,
    );
    expect(latest?.changes).toEqual({
      before: { packageLengthCm: 20, packageBreadthCm: 15, packageHeightCm: 10 },
      after: { packageLengthCm: 30, packageBreadthCm: 22, packageHeightCm: 200 },
    });
  });

  it("refuses a side out of 1 to 200 or not whole digits with its message, writing nothing", async () => {
    chooseCourier(testCourier);
    const before = await getSettings(handle.db);
    const entries = (await settingsAudit()).length;
    const answer = await save({
      packageLengthCm: "0",
      packageBreadthCm: "201",
      packageHeightCm: "12.5",
    });
    expect(answer.status).toBe(400);
    expect(answer.toast).toMatchObject({ type: "error" });
    expect(answer.body?.result.error).toMatchObject({
      packageLengthCm: ["Package length (cm) must be a whole number from 1 to 200"],
      packageBreadthCm: ["Package breadth (cm) must be a whole number from 1 to 200"],
      packageHeightCm: ["Package height (cm) must be a whole number from 1 to 200"],
    });
    for (const bad of ["", "-5", "1e2", "abc", "1000"]) {
      const refused = await save({ packageHeightCm: bad });
      expect(refused.status).toBe(400);
      expect(refused.body?.result.error?.packageHeightCm).toHaveLength(1);
    }
    expect(await getSettings(handle.db)).toEqual(before);
    expect(await settingsAudit()).toHaveLength(entries);
  });

  it("is not on the form with COURIER=off, and a box posted anyway is not saved", async () => {
    chooseCourier(null);
    const before = await getSettings(handle.db);
    const form = await currentForm();
    expect(form.courier).toBe(false);
    const answer = await save({ packageLengthCm: "99", shopName: `${before.shopName} Off` });
    expect(answer.status).toBe(200);
    const after = await getSettings(handle.db);
    expect(after.shopName).toBe(`${before.shopName} Off`);
    expect(await boxOf(after)).toEqual(await boxOf(before));
    await save({ shopName: before.shopName });
  });

  it("books the parcel in the box of the settings: Shiprocket receives its sides", async () => {
    chooseCourier(testCourier);
    expect(
      (await save({ packageLengthCm: "34", packageBreadthCm: "26", packageHeightCm: "9" })).status,
    ).toBe(200);
    chooseCourier(
      createShiprocketCourier({
        apiBase: fake.baseUrl,
        email: EMAIL,
        password: PASSWORD,
        pickupLocation: "Primary",
      }),
    );
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, admin.id, [order.id]);
    await runBookingJobs(handle.db, testServices());
    const sent = fake.orders.get(order.orderNumber)!.body;
    expect([sent.length, sent.breadth, sent.height]).toEqual([34, 26, 9]);
  });
});
