import type { Env } from "./lib/env.server";
import {
  type Notifications,
  notificationsFromEnv,
} from "./modules/notifications/notifications.server";
import { type Payments, paymentsFromEnv } from "./modules/payments/gateway.server";
import { courierFromEnv } from "./modules/shipping/couriers.server";
import { createShipping, type Shipping } from "./modules/shipping/shipping.server";
import { SHOP_NOTICE_WRITERS } from "./notice-list.server";

/**
 * The shop's outside services, made once per start from the validated environment
 * (docs/decisions/079) and handed to loaders and actions in the load context
 * (`context.services`) and to background jobs in their run (`job.services`). A test makes its
 * own with the stand-ins it needs.
 */
export type ShopServices = {
  /** The courier (COURIER=off|test|shiprocket) and its word on PIN codes. */
  shipping: Shipping;
  /** The card gateway (CARD_PAYMENTS, Razorpay's keys) and the gateways refunds go back by. */
  payments: Payments;
  /** The mailer, SMS and WhatsApp (SMTP_URL, SMS, WHATSAPP) and what each notice says. */
  notifications: Notifications;
};

export function createServices(env: Env): ShopServices {
  return {
    shipping: createShipping(courierFromEnv(env)),
    payments: paymentsFromEnv(),
    notifications: notificationsFromEnv(env, SHOP_NOTICE_WRITERS),
  };
}

declare module "./modules/jobs/job-kinds.server" {
  interface JobServices extends ShopServices {}
}
