import path from "node:path";
import { bootstrapAdministrator } from "../modules/accounts/administrators.server";
import { seedDemoCatalog } from "../modules/catalog/demo-seed.server";
import { scheduleOrderExpiry } from "../modules/orders/expire-orders.server";
import { ensureSettings } from "../modules/settings/settings.server";
import { createAuth, setAuth } from "./auth.server";
import { restrictNewFiles, tightenDataDirectory } from "./data-dir-permissions.server";
import { getDatabaseHandle, openDatabase, setDatabase } from "./db.server";
import { getEnv } from "./env.server";
import { liveEvents } from "./live-events.server";
import { logger } from "./logger.server";
import { createMailer, setMailer } from "./mail.server";
import { loadOrCreateSecret, setAppSecret } from "./secrets.server";

const holder = globalThis as typeof globalThis & {
  __shopStarted?: Promise<void>;
  __shopStopJobs?: () => void;
};

/** Opens the database, applies migrations, seeds an empty shop and wires auth and mail. */
export function startShop(): Promise<void> {
  holder.__shopStarted ??= (async () => {
    const env = getEnv();
    secureDataDirectory(env.DATA_DIR);
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    // A new embedded database is unpacked with its files chmod-ed 0666, past the umask.
    tightenDataDirectory(env.DATA_DIR);
    setDatabase(handle);
    const secret = env.AUTH_SECRET ?? loadOrCreateSecret(env.DATA_DIR);
    setAppSecret(secret);
    setMailer(
      createMailer({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM ?? "Satara Ayurveda <no-reply@shop.example>",
        outboxDir: path.join(env.DATA_DIR, "outbox"),
      }),
    );
    setAuth(createAuth({ db: handle.db, secret, publicUrl: env.PUBLIC_URL }));
    await ensureSettings(handle.db);
    if (env.SEED === "demo") await seedDemoCatalog(handle.db);
    await bootstrapAdministrator(handle.db, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      dataDir: env.DATA_DIR,
      publicUrl: env.PUBLIC_URL,
    });
    holder.__shopStopJobs = scheduleOrderExpiry(() => handle.db);
    if (env.NODE_ENV === "production" && env.CARD_PAYMENTS === "test") {
      logger.warn(
        "CARD_PAYMENTS=test: card payments go to the built-in test gateway and take no money",
      );
    }
    logger.info({ database: handle.kind }, "shop ready");
  })();
  return holder.__shopStarted;
}

/** Before anything opens a file there: the data directory is readable by this account only. */
function secureDataDirectory(dataDir: string) {
  restrictNewFiles();
  const { fixed, failed } = tightenDataDirectory(dataDir);
  if (fixed > 0) {
    logger.warn(
      { dataDir, fixed },
      `closed the permissions of ${fixed} entries in the data directory (directories 0700, files 0600)`,
    );
  }
  if (failed.length > 0) {
    logger.warn(
      { dataDir, failed: failed.slice(0, 20), count: failed.length },
      "could not close the permissions of some entries in the data directory; check their owner",
    );
  }
}

/** First step of a shutdown: end live streams so in-flight requests can finish quickly. */
export async function beginShutdown() {
  await liveEvents().close();
}

export async function stopShop() {
  const started = holder.__shopStarted;
  if (!started) return;
  await started.catch(() => {});
  holder.__shopStarted = undefined;
  holder.__shopStopJobs?.();
  holder.__shopStopJobs = undefined;
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle.close();
  logger.info("database closed");
}

/**
 * Throws when the database does not answer; returns what else is wrong (for /healthz to show),
 * or null when the shop is healthy.
 */
export async function checkHealth(): Promise<string | null> {
  await getDatabaseHandle().ping();
  const down = liveEvents().downChannels();
  if (down.length) return `live updates are reconnecting to the database (${down.join(", ")})`;
  return null;
}
