import { SHOP_JOBS } from "./job-list.server";
import type { Database } from "./lib/db.server";
import type { Env } from "./lib/env.server";
import type { LiveEvents } from "./lib/live-events.server";
import { createSigner, type Signer } from "./lib/signer.server";
import { sendPasswordReset } from "./modules/accounts/account-mail.server";
import { type Accounts, createAccounts } from "./modules/accounts/accounts.server";
import type { JobKind } from "./modules/jobs/job-kinds.server";
import {
  type Notifications,
  notificationsFromEnv,
} from "./modules/notifications/notifications.server";
import { type Payments, paymentsFromEnv } from "./modules/payments/gateway.server";
import { shopSettings } from "./modules/settings/settings.server";
import { courierFromEnv } from "./modules/shipping/couriers.server";
import { createShipping, type Shipping } from "./modules/shipping/shipping.server";
import { SHOP_NOTICE_WRITERS } from "./notice-list.server";

/**
 * The shop's services, made once per start from the validated environment and the database it
 * opened (docs/decisions/079, 082), and handed to loaders and actions in the load context
 * (`context.services`) and to background jobs in their run (`job.services`). A test makes its
 * own with the stand-ins it needs.
 */
export type ShopServices = {
  /** The database opened at start: PostgreSQL (DATABASE_URL) or the embedded one in DATA_DIR. */
  db: Database;
  /** The database's change announcements as this process hears them (live offers, the caches). */
  live: LiveEvents;
  /** Sign-in and sessions: Better Auth over the database, and the secret of the session cookie. */
  accounts: Accounts;
  /** What signs the shop's own cookies (toasts, a visitor's waiting action) and the checkout's quote. */
  signer: Signer;
  /** The courier (COURIER=off|test|shiprocket) and its word on PIN codes. */
  shipping: Shipping;
  /** The card gateway (CARD_PAYMENTS, Razorpay's keys) and the gateways refunds go back by. */
  payments: Payments;
  /** The mailer, SMS and WhatsApp (SMTP_URL, SMS, WHATSAPP) and what each notice says. */
  notifications: Notifications;
  /** The kinds of background job the shop runs (app/job-list.server.ts). */
  jobs: readonly JobKind<never>[];
};

/**
 * What the shop opened before its services: the database, its live updates, and the secret that
 * signs cookies.
 */
export type Opened = { db: Database; live: LiveEvents; secret: string };

export function createServices(env: Env, { db, live, secret }: Opened): ShopServices {
  const notifications = notificationsFromEnv(env, SHOP_NOTICE_WRITERS);
  return {
    db,
    live,
    accounts: createAccounts({
      db,
      secret,
      publicUrl: env.PUBLIC_URL,
      sendPasswordReset: (mail) => sendPasswordReset(db, notifications.mail, mail),
    }),
    signer: createSigner(secret, env.PUBLIC_URL),
    shipping: createShipping(courierFromEnv(env), () => shopSettings(db)),
    payments: paymentsFromEnv(secret),
    notifications,
    jobs: SHOP_JOBS,
  };
}

declare module "./modules/jobs/job-kinds.server" {
  interface JobServices extends ShopServices {}
}
