import { availableParallelism } from "node:os";
import { z } from "~/domain/zod";
import { CARD_PAYMENT_MODES, type CardPaymentMode } from "../domain/orders";
import { COURIER_MODES } from "../domain/shipments";
import { parseTrustProxy, TRUST_PROXY_RULE } from "./trust-proxy.server";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** docs/DESIGN.md §3: every setting the shop reads from its environment, with its default. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "expected a port number from 1 to 65535" })
      .int("expected a port number from 1 to 65535")
      .min(1, "expected a port number from 1 to 65535")
      .max(65535, "expected a port number from 1 to 65535")
      .default(3000),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" })
      .optional(),
    DATA_DIR: z.string().trim().min(1, "expected a directory path").default("./data"),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// connection URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "expected at least 32 characters").optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email("expected an e-mail address").optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(6, "expected at least 6 characters").optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: optionalString,
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    /** Unset: "razorpay" when its keys are set, else "test" (docs/decisions/016). */
    CARD_PAYMENTS: z
      .enum(CARD_PAYMENT_MODES, { error: 'expected "off", "test" or "razorpay"' })
      .optional(),
    RAZORPAY_API_BASE: z
      .url({ error: "expected an absolute URL" })
      .default("https://api.razorpay.com"),
    /** "off", "test" (the built-in test courier) or "shiprocket" (docs/decisions/060). */
    COURIER: z
      .enum(COURIER_MODES, { error: 'expected "off", "test" or "shiprocket"' })
      .default("test"),
    SHIPROCKET_EMAIL: optionalString.pipe(z.email("expected an e-mail address").optional()),
    SHIPROCKET_PASSWORD: optionalString,
    /** The x-api-key Shiprocket sends with each tracking webhook; unset: webhooks are refused. */
    SHIPROCKET_WEBHOOK_TOKEN: optionalString.pipe(
      z.string().min(16, "expected at least 16 characters").optional(),
    ),
    SHIPROCKET_API_BASE: z
      .url({ error: "expected an absolute URL" })
      .default("https://apiv2.shiprocket.in/v1/external"),
    /** The pickup location's name as registered in Shiprocket's panel. */
    SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default("Primary"),
    /** Sign-in codes and customer SMS (docs/decisions/062): a file in the outbox unless set. */
    SMS: z
      .enum(["off", "outbox", "msg91"], { error: 'expected "off", "outbox" or "msg91"' })
      .default("outbox"),
    MSG91_AUTH_KEY: optionalString,
    MSG91_SENDER_ID: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Z]{6}$/, "expected the six capital letters of a DLT sender ID")
        .optional(),
    ),
    /** The token in MSG91's delivery report URL (?token=); unset: delivery reports are refused. */
    MSG91_WEBHOOK_TOKEN: optionalString.pipe(
      z.string().min(16, "expected at least 16 characters").optional(),
    ),
    MSG91_API_BASE: z
      .url({ error: "expected an absolute URL" })
      .default("https://control.msg91.com"),
    /** WhatsApp template messages (docs/decisions/062): a file in the outbox unless set. */
    WHATSAPP: z
      .enum(["off", "outbox", "cloud"], { error: 'expected "off", "outbox" or "cloud"' })
      .default("outbox"),
    WHATSAPP_TOKEN: optionalString,
    WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
      z.string().regex(/^\d+$/, "expected the digits of the phone number ID").optional(),
    ),
    /** The Meta app's secret, which signs its webhooks; unset: status webhooks are refused. */
    WHATSAPP_APP_SECRET: optionalString,
    /** The verify token set with the webhook in Meta's dashboard; unset: verification is refused. */
    WHATSAPP_VERIFY_TOKEN: optionalString.pipe(
      z.string().min(16, "expected at least 16 characters").optional(),
    ),
    WHATSAPP_API_BASE: z
      .url({ error: "expected an absolute URL" })
      .default("https://graph.facebook.com/v21.0"),
    SEED: z.enum(["demo", "none"], { error: 'expected "demo" or "none"' }).default("demo"),
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .transform((value, ctx) => {
        const proxies = parseTrustProxy(value);
        if (proxies) return proxies;
        ctx.addIssue({ code: "custom", message: TRUST_PROXY_RULE });
        return z.NEVER;
      }),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: "expected a number of seconds from 1 to 300" })
      .int("expected a number of seconds from 1 to 300")
      .min(1, "expected a number of seconds from 1 to 300")
      .max(300, "expected a number of seconds from 1 to 300")
      .default(10),
    PAGE_CACHE_MB: z.coerce
      .number({ error: "expected a number of megabytes from 0 (off) to 4096" })
      .int("expected a number of megabytes from 0 (off) to 4096")
      .min(0, "expected a number of megabytes from 0 (off) to 4096")
      .max(4096, "expected a number of megabytes from 0 (off) to 4096")
      .default(64),
    /** Finished background jobs are deleted after this many days (docs/decisions/055). */
    JOB_RETENTION_DAYS: z.coerce
      .number({ error: "expected a number of days from 1 to 3650" })
      .int("expected a number of days from 1 to 3650")
      .min(1, "expected a number of days from 1 to 3650")
      .max(3650, "expected a number of days from 1 to 3650")
      .default(30),
    /** Worker processes (node:cluster); unset: one per core on PostgreSQL, one on PGlite. */
    WEB_CONCURRENCY: z.coerce
      .number({ error: "expected a number of processes from 1 to 64" })
      .int("expected a number of processes from 1 to 64")
      .min(1, "expected a number of processes from 1 to 64")
      .max(64, "expected a number of processes from 1 to 64")
      .optional(),
    /** Bearer token for GET /metrics; unset: only clients on this machine may read it. */
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, "expected at least 16 characters").optional(),
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET && env.DATABASE_URL) {
      // A generated secret lives in DATA_DIR; several processes on one PostgreSQL need one shared
      // secret, so production on PostgreSQL must name it.
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "required in production when DATABASE_URL is set",
      });
    }
    if ((env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL) {
      // PGlite lives inside one process and locks its data directory.
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "the embedded database serves one process; set DATABASE_URL to run more",
      });
    }
    if ((env.WEB_CONCURRENCY ?? 1) > 1 && env.NODE_ENV !== "production") {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "more than one process needs the production build (npm start)",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together",
      });
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.RAZORPAY_KEY_ID ? "RAZORPAY_KEY_SECRET" : "RAZORPAY_KEY_ID"],
        message: "RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together",
      });
    }
    const razorpayKeys = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
    if (env.CARD_PAYMENTS === "razorpay" && !razorpayKeys) {
      ctx.addIssue({
        code: "custom",
        path: ["CARD_PAYMENTS"],
        message: '"razorpay" needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
      });
    }
    if (env.CARD_PAYMENTS === "test" && razorpayKeys) {
      // Live keys beside the built-in gateway would let any customer mark an order paid.
      ctx.addIssue({
        code: "custom",
        path: ["CARD_PAYMENTS"],
        message:
          '"test" cannot be used while RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set; unset them or choose "razorpay" or "off"',
      });
    }
    if (env.COURIER === "shiprocket" && !(env.SHIPROCKET_EMAIL && env.SHIPROCKET_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["COURIER"],
        message: '"shiprocket" needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD',
      });
    }
    if (env.SMS === "msg91") {
      for (const name of ["MSG91_AUTH_KEY", "MSG91_SENDER_ID"] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: "custom", path: [name], message: 'required when SMS is "msg91"' });
        }
      }
    }
    if (env.WHATSAPP === "cloud") {
      for (const name of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: 'required when WHATSAPP is "cloud"',
          });
        }
      }
    }
  })
  .transform((env) => ({
    ...env,
    CARD_PAYMENTS:
      env.CARD_PAYMENTS ??
      (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET ? "razorpay" : ("test" as CardPaymentMode)),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    WEB_CONCURRENCY:
      env.WEB_CONCURRENCY ??
      (env.DATABASE_URL && env.NODE_ENV === "production" ? availableParallelism() : 1),
  }));

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

/**
 * Parses the environment; a bad value throws one line naming the variable and what is expected,
 * never the value itself (it may be a password or a secret).
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value (`PORT=` in a .env file, an unset compose variable) means "use the default".
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment";
    return `${name}: ${issue.message}`;
  });
  throw new InvalidEnvironmentError(`Invalid configuration: ${lines.join("; ")}`);
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
