import type { AppLoadContext } from "react-router";
import type { Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { LiveEvents } from "~/lib/live-events.server";
import type { Mailer } from "~/lib/mail.server";
import { createSigner } from "~/lib/signer.server";
import { sendPasswordReset } from "~/modules/accounts/account-mail.server";
import { createAccounts } from "~/modules/accounts/accounts.server";
import { mailerFromEnv, type Notifications } from "~/modules/notifications/notifications.server";
import { type SmsTransport, smsTransportFromEnv } from "~/modules/notifications/sms.server";
import {
  type WhatsAppTransport,
  whatsAppTransportFromEnv,
} from "~/modules/notifications/whatsapp.server";
import { shopSettings } from "~/modules/settings/settings.server";
import type { Courier } from "~/modules/shipping/courier.server";
import { courierFromEnv } from "~/modules/shipping/couriers.server";
import { createShipping } from "~/modules/shipping/shipping.server";
import { createServices, type ShopServices } from "~/services.server";
import { fileDatabaseHandle, fileLiveEvents } from "./database";

/** Where the tests' requests are addressed, and the origin Better Auth trusts. */
export const TEST_PUBLIC_URL = "http://localhost:3999";
/** The secret that signs the tests' cookies, Better Auth's and the shop's own. */
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
/** What signs as the test services do: reads the toasts and quotes their routes sign. */
export const TEST_SIGNER = createSigner(TEST_SECRET, TEST_PUBLIC_URL);

let current: ShopServices | undefined;

/** Sign-in over `db`, its password-reset mail sent by whichever mailer the file has chosen then. */
function testAccounts(db: Database) {
  return createAccounts({
    db,
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    sendPasswordReset: (mail) => sendPasswordReset(db, testServices().notifications.mail, mail),
  });
}

/**
 * The services this test file's routes and jobs are given, as the shop makes them at start:
 * from the environment and the file's database (support/database.ts), until the file chooses
 * stand-ins. A file that opens another database keeps its stand-ins over the new one.
 */
export function testServices(): ShopServices {
  const db = fileDatabase();
  if (current?.db === db) return current;
  const live = db === NO_DATABASE ? NO_LIVE_EVENTS : fileLiveEvents();
  const made = current ?? {
    ...createServices(getEnv(), { db, live, secret: TEST_SECRET }),
    shipping: createShipping(courierFromEnv(getEnv()), fileSettings),
  };
  current = { ...made, db, live, accounts: testAccounts(db) };
  return current;
}

/**
 * The database the file opened; a file that opens none of its own (it places orders in data
 * directories it opens itself) gets one that says so when a service uses it.
 */
function fileDatabase(): Database {
  return fileDatabaseHandle()?.db ?? NO_DATABASE;
}

const NO_DATABASE = new Proxy({} as Database, {
  get() {
    throw new Error("This test file opened no database for its services (useTestDatabase)");
  },
});
const NO_LIVE_EVENTS = new Proxy({} as LiveEvents, {
  get() {
    throw new Error("This test file opened no database for its live updates (useTestDatabase)");
  },
});

/** The settings of the file's database when asked: a file may open another after choosing. */
function fileSettings() {
  return shopSettings(testServices().db);
}

/**
 * From now on in this file, book and ask through `courier` (null: COURIER=off; undefined: the
 * environment's), with a shipping service of its own that remembers no answer yet.
 */
export function chooseCourier(courier: Courier | null | undefined): ShopServices {
  const chosen = courier === undefined ? courierFromEnv(getEnv()) : courier;
  current = { ...testServices(), shipping: createShipping(chosen, fileSettings) };
  return current;
}

/** What a loader that reads no request is handed: the file's services, and a request for `/`. */
export function loaderArgs(path = "/") {
  return {
    request: new Request(`${TEST_PUBLIC_URL}${path}`),
    params: {},
    context: routeContext(),
  } as never;
}

/**
 * What React Router hands a loader or an action, for a request from `clientIp`; its services are
 * the file's when the route reads them, so a context made before a stand-in is chosen, or before
 * the file's database is open, still sees them.
 */
export function routeContext(clientIp = "127.0.0.1"): AppLoadContext {
  return {
    clientIp,
    cspNonce: "",
    requestId: "",
    get services() {
      return testServices();
    },
  };
}

/** Runs `run` with what `load` imports, booking and asking through `courier` meanwhile. */
export async function withCourier<T>(
  courier: Courier | null,
  load: () => Promise<T>,
  run: (loaded: T) => Promise<void>,
) {
  const saved = current;
  chooseCourier(courier);
  try {
    await run(await load());
  } finally {
    current = saved;
  }
}

/** From now on in this file, refunds go back by `refundGateways` (a fake Razorpay, say). */
export function chooseRefundGateways(refundGateways: ShopServices["payments"]["refundGateways"]) {
  current = { ...testServices(), payments: { ...testServices().payments, refundGateways } };
  return current;
}

/** From now on in this file, `channel` goes by `transport` (undefined: the environment's). */
function chooseNotifier<Channel extends "mail" | "sms" | "whatsapp">(
  channel: Channel,
  transport: Notifications[Channel],
) {
  const services = testServices();
  current = { ...services, notifications: { ...services.notifications, [channel]: transport } };
  return current;
}

/** From now on in this file, mail goes by `mail` (undefined: the environment's mailer). */
export function chooseMailer(mail: Mailer | undefined) {
  return chooseNotifier("mail", mail ?? mailerFromEnv(getEnv()));
}

/** From now on in this file, SMS goes by `sms` (undefined: the environment's SMS=...). */
export function chooseSms(sms: SmsTransport | undefined) {
  return chooseNotifier("sms", sms ?? smsTransportFromEnv(getEnv()));
}

/** From now on in this file, WhatsApp goes by `whatsapp` (undefined: the environment's). */
export function chooseWhatsApp(whatsapp: WhatsAppTransport | undefined) {
  return chooseNotifier("whatsapp", whatsapp ?? whatsAppTransportFromEnv(getEnv()));
}

/** Back to the services the environment describes. */
export function resetServices() {
  current = undefined;
}

/** From now on in this file, these services (made by a test from an environment of its own). */
export function chooseServices(services: ShopServices) {
  current = services;
  return current;
}
