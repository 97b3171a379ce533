import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { normalizeClientAddress, UNKNOWN_CLIENT } from "./app/lib/client-key.server";
import { InvalidEnvironmentError, parseEnv } from "./app/lib/env.server";
import { logger as log } from "./app/lib/logger.server";
import {
  collectProcessMetrics,
  httpRequestDuration,
  httpRequestsInFlight,
} from "./app/lib/metrics.server";
import type { PageCache } from "./app/lib/page-cache.server";
import { newPageDependencies } from "./app/lib/page-dependencies.server";
import { requestStore, runInRequest } from "./app/lib/request-store.server";
import { clientAddress, clientProtocol, type TrustFunction } from "./app/lib/trust-proxy.server";
import { answerClusterMetricRequests, runPrimary } from "./app/server/cluster.server";
import { createGracefulShutdown } from "./app/server/graceful-shutdown.server";
import { limitHeapGrowth } from "./app/server/heap-growth.server";
import { metricsEndpoint } from "./app/server/metrics-endpoint.server";
import { refuseCrossOriginWrites } from "./app/server/origin-guard.server";
import {
  createCachedPageResponder,
  createPageCacheMiddleware,
} from "./app/server/page-cache-http.server";
import { PROVIDER_ENDPOINT_PATHS, withoutCredentials } from "./app/server/provider-endpoints";
import { listPublicFiles, onlyFor } from "./app/server/public-files.server";
import { createReactRouterHandler, sendResponse } from "./app/server/react-router-handler.server";
import { readinessEndpoint } from "./app/server/readiness-endpoint.server";
import { redactSecrets } from "./app/server/redact-secrets.server";
import { createRouteLabeler } from "./app/server/route-label.server";
import { createSecurityHeaders } from "./app/server/security-headers.server";
import type { ShopServices } from "./app/services.server";

/** Start, health and shutdown: what app/entry.server.tsx re-exports from app/bootstrap.server.ts. */
type Lifecycle = {
  startShop(): Promise<ShopServices>;
  beginShutdown(): Promise<void>;
  stopShop(): Promise<void>;
  checkReadiness(): Promise<string | null>;
  storefrontPageCache(): PageCache | null;
};

limitHeapGrowth();

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
const securityHeaders = createSecurityHeaders({
  production,
  publicUrl: env.PUBLIC_URL,
  razorpay: Boolean(env.RAZORPAY_KEY_ID),
});

/** Opens the request's store (its id among it) around everything that serves the request. */
function requestContext(req: Request, res: Response, next: NextFunction) {
  const requestId = req.get("x-request-id")?.slice(0, 100) || randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  const navigation = req.get("sec-fetch-mode") === "navigate";
  const readOnly = req.method === "GET" || req.method === "HEAD";
  runInRequest({ requestId, navigation, toasts: [], readOnly }, next);
}

type RequestLogLine = {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ip: string | undefined;
  protocol?: string;
  ms: number;
};

// Request metrics are labelled by route pattern (app/server/route-label.server.ts), set once the
// server build is loaded; a handler outside React Router names its own in res.locals.route.
let routeLabel: (pathname: string) => string = () => "unmatched";

function logRequest(line: RequestLogLine, route?: string) {
  log.info(line, "request");
  const pathname = line.url.split("?", 1)[0] ?? "/";
  httpRequestDuration.observe(
    { method: line.method, route: route ?? routeLabel(pathname), status: line.status },
    line.ms / 1000,
  );
}

/** The client's address as the logs show it: in its one spelling when it is an IP address. */
function loggedAddress(address: string | undefined) {
  return normalizeClientAddress(address) ?? address;
}

function requestLogging(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  const requestId = String(res.locals.requestId);
  httpRequestsInFlight.inc();
  res.once("close", () => httpRequestsInFlight.dec());
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // "finish" fires outside the request's async context, so the id is given here.
    logRequest(
      {
        reqId: requestId,
        method: req.method,
        url: withoutCredentials(req.originalUrl),
        status: res.statusCode,
        ip: loggedAddress(req.ip),
        protocol: req.protocol,
        ms: Math.round(ms * 10) / 10,
      },
      res.locals.route as string | undefined,
    );
  });
  next();
}

/** Names the route of the requests a handler outside React Router answers, for the metrics. */
function routeNamed(route: string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.route = route;
    next();
  };
}

async function main() {
  answerClusterMetricRequests();
  collectProcessMetrics();
  const app = express();
  // Pages kept for signed-out visitors are answered before Express (see below).
  let answerFromPageCache: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  const server = createServer((req, res) => {
    if (!answerFromPageCache(req, res)) app(req, res);
  });
  const graceful = createGracefulShutdown(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 });
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(graceful.track);
  app.use(requestContext);
  app.use(requestLogging);
  app.use(securityHeaders.middleware);
  app.use(
    refuseCrossOriginWrites({ publicUrl: env.PUBLIC_URL, exemptPaths: PROVIDER_ENDPOINT_PATHS }),
  );
  const pageCacheMiss: { handle?: ReturnType<typeof createPageCacheMiddleware> } = {};
  app.use((req, res, next) =>
    pageCacheMiss.handle ? pageCacheMiss.handle(req, res, next) : next(),
  );
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let lifecycle: Lifecycle;
  if (production) {
    const buildPath = path.resolve("build/server/index.js");
    const serverBuild = (await import(buildPath)) as ServerBuild;
    build = serverBuild;
    lifecycle = serverBuild.entry.module as unknown as Lifecycle;
    routeLabel = createRouteLabeler(serverBuild.routes);
    app.use(routeNamed("static"));
    app.use(
      "/assets",
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      onlyFor(
        listPublicFiles("build/client", ["assets"]),
        express.static("build/client", { maxAge: "1h", index: false }),
      ),
    );
    // Not a file: React Router or one of the handlers below answers.
    app.use((_req, res, next) => {
      res.locals.route = undefined;
      next();
    });
  } else {
    const vite = await import("vite").then((m) =>
      m.createServer({ server: { middlewareMode: true } }),
    );
    app.use(vite.middlewares);
    const load = () =>
      vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    build = load;
    const firstBuild = await load();
    lifecycle = firstBuild.entry.module as unknown as Lifecycle;
    routeLabel = createRouteLabeler(firstBuild.routes);
  }

  let services: ShopServices;
  try {
    services = await lifecycle.startShop();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The shop could not start: ${redactSecrets(message, env)}`);
    process.exit(1);
  }

  // Alive: the process answers. A load balancer sends requests by /readyz.
  app.get("/healthz", routeNamed("/healthz"), (_req, res) => {
    res.status(200).type("text/plain").setHeader("Cache-Control", "no-store").send("ok");
  });

  // Ready: started (a process listens only once migrations are applied), the database answers,
  // live updates are heard, and the process is not stopping.
  app.get(
    "/readyz",
    routeNamed("/readyz"),
    readinessEndpoint({
      stopping: graceful.stopping,
      checkReadiness: () => lifecycle.checkReadiness(),
      log,
    }),
  );

  app.get("/metrics", routeNamed("/metrics"), metricsEndpoint({ token: env.METRICS_TOKEN, log }));

  const reactRouter = createReactRouterHandler({
    build,
    mode: production ? "production" : "development",
    publicUrl: env.PUBLIC_URL,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ""),
      wholeDocument: res.locals.wholeDocument === true,
      requestId: String(res.locals.requestId ?? ""),
      // Per-client limits count by clientKey(clientIp) (app/lib/client-key.server.ts).
      clientIp: normalizeClientAddress(req.ip) ?? UNKNOWN_CLIENT,
      services,
    }),
  });
  app.all("/{*path}", reactRouter.middleware);

  // The development server's pages change with the code: only builds keep pages.
  if (production) {
    const cache = () => lifecycle.storefrontPageCache();
    const trust = app.get("trust proxy fn") as TrustFunction;
    answerFromPageCache = createCachedPageResponder({
      cache,
      headersFor: securityHeaders.forHashedPage,
      stopping: graceful.stopping,
      logRequest: (line) => logRequest(line),
      clientIp: (req) =>
        loggedAddress(
          clientAddress(
            req.socket.remoteAddress,
            req.headers["x-forwarded-for"] as string | undefined,
            trust,
          ),
        ),
      clientProtocol: (req) =>
        clientProtocol(
          "encrypted" in req.socket && req.socket.encrypted === true,
          req.socket.remoteAddress,
          req.headers["x-forwarded-proto"] as string | undefined,
          trust,
        ),
    });
    pageCacheMiss.handle = createPageCacheMiddleware({
      cache,
      headersFor: securityHeaders.forHashedPage,
      render: reactRouter.render,
      send: sendResponse,
      trackDependencies: () => {
        const store = requestStore();
        if (store) store.page = newPageDependencies();
        return store?.page;
      },
    });
  }

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

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  runPrimary({
    workers: env.WEB_CONCURRENCY,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    log,
  });
} else {
  await main();
}
