import type { AppLoadContext } from "react-router";
import { getEnv } from "~/lib/env.server";
import type { Mailer } from "~/lib/mail.server";
import { type SmsTransport, smsTransportFromEnv } from "~/modules/notifications/sms.server";
import {
  type WhatsAppTransport,
  whatsAppTransportFromEnv,
} from "~/modules/notifications/whatsapp.server";
import type { Courier } from "~/modules/shipping/courier.server";
import { courierFromEnv } from "~/modules/shipping/couriers.server";
import { createShipping } from "~/modules/shipping/shipping.server";
import { createServices, type ShopServices } from "~/services.server";

let current: ShopServices | undefined;

/**
 * The services this test file's routes and jobs are given, as the shop makes them at start:
 * from the environment, until the file chooses stand-ins.
 */
export function testServices(): ShopServices {
  current ??= createServices(getEnv());
  return current;
}

/**
 * From now on in this file, book and ask through `courier` (null: COURIER=off; undefined: the
 * environment's), with a shipping service of its own that remembers no answer yet.
 */
export function chooseCourier(courier: Courier | null | undefined): ShopServices {
  const chosen = courier === undefined ? courierFromEnv(getEnv()) : courier;
  current = { ...testServices(), shipping: createShipping(chosen) };
  return current;
}

/** What React Router hands a loader or an action, for a request from `clientIp`. */
export function routeContext(clientIp = "127.0.0.1"): AppLoadContext {
  return { clientIp, cspNonce: "", requestId: "", services: testServices() };
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

/** From now on in this file, mail goes by `mail` (undefined: the environment's mailer). */
export function chooseMailer(mail: Mailer | undefined) {
  const notifications = testServices().notifications;
  current = {
    ...testServices(),
    notifications: { ...notifications, mail: mail ?? createServices(getEnv()).notifications.mail },
  };
  return current;
}

/** From now on in this file, SMS goes by `sms` (undefined: the environment's SMS=...). */
export function chooseSms(sms: SmsTransport | undefined) {
  const notifications = testServices().notifications;
  current = {
    ...testServices(),
    notifications: { ...notifications, sms: sms ?? smsTransportFromEnv(getEnv()) },
  };
  return current;
}

/** From now on in this file, WhatsApp goes by `whatsapp` (undefined: the environment's). */
export function chooseWhatsApp(whatsapp: WhatsAppTransport | undefined) {
  const notifications = testServices().notifications;
  current = {
    ...testServices(),
    notifications: { ...notifications, whatsapp: whatsapp ?? whatsAppTransportFromEnv(getEnv()) },
  };
  return current;
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
