/**
 * HTTP entry: security headers, the origin rule, body limits, compression, static files, health
 * check, request logs and a graceful shutdown around the React Router request handler (the
 * middleware lives in app/server/).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { MAX_PRODUCT_FORM_BYTES } from "./app/domain/validation/product";
import { InvalidEnvironmentError, parseEnv } from "./app/lib/env.server";
import { logger as log } from "./app/lib/logger.server";
import type { RequestStore } from "./app/lib/request-store.server";
import { limitRequestBodies, MAX_BODY_BYTES } from "./app/server/body-limit.server";
import { createGracefulShutdown } from "./app/server/graceful-shutdown.server";
import { refuseCrossOriginWrites } from "./app/server/origin-guard.server";
import { createReactRouterHandler } from "./app/server/react-router-handler.server";
import { redactSecrets } from "./app/server/redact-secrets.server";

type Lifecycle = {
  startShop(): Promise<void>;
  beginShutdown(): Promise<void>;
  stopShop(): Promise<void>;
  checkHealth(): Promise<string | null>;
};

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof InvalidEnvironmentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const production = env.NODE_ENV === "production";

// Per-request facts app code and the logger need (app/lib/request-store.server.ts reads this).
const requestStore = new AsyncLocalStorage<RequestStore>();
(globalThis as { __shopRequestStore?: unknown }).__shopRequestStore = requestStore;
// Razorpay's servers call the webhook; its credential is the signature over the body.
const RAZORPAY_WEBHOOK_PATH = "/api/webhooks/razorpay";
// The back office's product form carries pictures and enforces its own, larger limit.
const PRODUCT_FORM_PATHS = new Set(["/admin/products", "/admin/products.data"]);

// Razorpay's checkout script, its frames and its telemetry, allowed only when live keys are set.
const razorpay = env.RAZORPAY_KEY_ID
  ? {
      script: " https://checkout.razorpay.com",
      frame: " https://api.razorpay.com https://checkout.razorpay.com",
      connect: " https://api.razorpay.com https://lumberjack.razorpay.com",
      img: " https://*.razorpay.com",
    }
  : { script: "", frame: "", connect: "", img: "" };

function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${razorpay.script}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${razorpay.img}`,
    "font-src 'self' data:",
    `connect-src 'self'${razorpay.connect}`,
    `frame-src 'self'${razorpay.frame}`,
    // canvas-confetti draws the coupon celebration in a worker it creates from a blob: URL.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // The contact form hands over to the visitor's mail client (a mailto: redirect without JS).
    "form-action 'self' mailto:",
    "frame-ancestors 'none'",
  ].join("; ");
}

function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  // The development server injects inline scripts of its own; the policy applies to builds.
  if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  // req.secure believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
  if (req.secure || env.PUBLIC_URL.startsWith("https://")) {
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  res.removeHeader("X-Powered-By");
  next();
}

/** Opens the request's store (its id among it) around everything that serves the request. */
function requestContext(req: Request, res: Response, next: NextFunction) {
  const requestId = req.get("x-request-id")?.slice(0, 100) || randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  const navigation = req.get("sec-fetch-mode") === "navigate";
  requestStore.run({ requestId, navigation, toasts: [] }, next);
}

function requestLogging(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  const requestId = String(res.locals.requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // "finish" fires outside the request's async context, so the id is given here.
    log.info(
      {
        reqId: requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ip: req.ip,
        protocol: req.protocol,
        ms: Math.round(ms * 10) / 10,
      },
      "request",
    );
  });
  next();
}

async function main() {
  const app = express();
  const server = createServer(app);
  const graceful = createGracefulShutdown(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 });
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(graceful.track);
  app.use(requestContext);
  app.use(requestLogging);
  app.use(securityHeaders);
  app.use(
    refuseCrossOriginWrites({ publicUrl: env.PUBLIC_URL, exemptPaths: [RAZORPAY_WEBHOOK_PATH] }),
  );
  app.use(
    limitRequestBodies((req) =>
      PRODUCT_FORM_PATHS.has(req.path) ? MAX_PRODUCT_FORM_BYTES : MAX_BODY_BYTES,
    ),
  );
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let lifecycle: Lifecycle;
  if (production) {
    const buildPath = path.resolve("build/server/index.js");
    const serverBuild = (await import(buildPath)) as ServerBuild;
    build = serverBuild;
    lifecycle = serverBuild.entry.module as unknown as Lifecycle;
    app.use(
      "/assets",
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  } else {
    const vite = await import("vite").then((m) =>
      m.createServer({ server: { middlewareMode: true } }),
    );
    app.use(vite.middlewares);
    const load = () =>
      vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    build = load;
    lifecycle = (await load()).entry.module as unknown as Lifecycle;
  }

  try {
    await lifecycle.startShop();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The shop could not start: ${redactSecrets(message, env)}`);
    process.exit(1);
  }

  app.get("/healthz", async (_req, res) => {
    try {
      const problem = await lifecycle.checkHealth();
      if (problem) res.status(503).type("text/plain").send(problem);
      else res.status(200).type("text/plain").send("ok");
    } catch (error) {
      log.error({ err: error }, "health check failed");
      res.status(503).type("text/plain").send("database unavailable");
    }
  });

  const handleRequest = createReactRouterHandler({
    build,
    mode: production ? "production" : "development",
    publicUrl: env.PUBLIC_URL,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ""),
      requestId: String(res.locals.requestId ?? ""),
      clientIp: req.ip ?? "unknown",
    }),
  });
  app.all("/{*path}", handleRequest);

  server.listen(env.PORT, () => {
    log.info({ url: env.PUBLIC_URL, port: env.PORT }, "listening");
    console.log(`Satara Ayurveda shop is running at ${env.PUBLIC_URL}`);
  });
  server.on("error", (error) => {
    console.error(`The shop could not listen on port ${env.PORT}: ${error.message}`);
    void lifecycle.stopShop().finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    void lifecycle
      .beginShutdown()
      .catch((error) => log.warn({ err: error }, "closing live streams failed"));
    // Refuse new connections, finish in-flight requests, then close the database cleanly.
    void graceful.stop().then(async () => {
      try {
        await lifecycle.stopShop();
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      }
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
