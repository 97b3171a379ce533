import type { Request, Response } from "express";
import type { logger } from "../lib/logger.server";

type ReadinessOptions = {
  /** True once the process has begun to stop: a load balancer should send it nothing new. */
  stopping: () => boolean;
  /** Null when ready, else what is wrong; throws when the database does not answer. */
  checkReadiness: () => Promise<string | null>;
  log: typeof logger;
};

/**
 * GET /readyz: 200 "ready" while the process may take requests; 503 with the reason while it is
 * stopping, its database does not answer or its live updates have lost the database. Liveness is
 * /healthz: a process that is not ready is not restarted for it.
 */
export function readinessEndpoint({ stopping, checkReadiness, log }: ReadinessOptions) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (stopping()) {
      res.status(503).type("text/plain").send("stopping");
      return;
    }
    try {
      const problem = await checkReadiness();
      if (problem) res.status(503).type("text/plain").send(problem);
      else res.status(200).type("text/plain").send("ready");
    } catch (error) {
      log.error({ err: error }, "readiness check failed");
      res.status(503).type("text/plain").send("database unavailable");
    }
  };
}
