import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import type { logger } from "../lib/logger.server";
import { METRICS_CONTENT_TYPE, processMetrics } from "../lib/metrics.server";
import { clusterMetrics } from "./cluster.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function digest(token: string) {
  return createHash("sha256").update(token, "utf8").digest();
}

/**
 * Compares digests of equal length, so the time taken says nothing about the expected token, not
 * even its length.
 */
function sameToken(given: string, expected: string) {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics: with METRICS_TOKEN, a request bearing it; without, only a client on
 * this machine. The client is `req.ip`, so behind a trusted proxy it is the visitor's address,
 * not the proxy's: a public request passed on by nginx on the same machine is still refused.
 */
export function mayReadMetrics(req: Request, token: string | undefined) {
  if (token) {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return Boolean(match?.[1] && sameToken(match[1], token));
  }
  return LOOPBACK.has(req.ip ?? "");
}

/** GET /metrics: Prometheus' text format, for the whole cluster when there is one. */
export function metricsEndpoint(options: { token: string | undefined; log: typeof logger }) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!mayReadMetrics(req, options.token)) {
      if (options.token) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res
        .status(options.token ? 401 : 403)
        .type("text/plain")
        .send("Not allowed");
      return;
    }
    try {
      const text = await (clusterMetrics() ?? processMetrics());
      res.status(200).type(METRICS_CONTENT_TYPE).send(text);
    } catch (error) {
      options.log.error({ err: error }, "collecting the metrics failed");
      res.status(503).type("text/plain").send("metrics unavailable");
    }
  };
}
