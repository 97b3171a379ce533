import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * A shutdown that drops no request: stop accepting, close idle keep-alive connections at once and
 * each busy one as soon as its response is done (answered with `Connection: close`), and give the
 * requests in flight `graceMs` before the rest are cut.
 */
export function createGracefulShutdown(server: Server, options: { graceMs: number }) {
  const inFlight = new Set<Response>();
  let stopping = false;

  function closeWhenDone(res: Response) {
    if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /** Express middleware: tracks responses in flight and marks those of a stopping server. */
  function track(_req: Request, res: Response, next: NextFunction) {
    inFlight.add(res);
    if (stopping) closeWhenDone(res);
    res.on("close", () => {
      inFlight.delete(res);
      // The connection may now be idle; a stopping server does not keep it.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    next();
  }

  /** Resolves once every connection is closed (or the grace is over and the rest were cut). */
  function stop(): Promise<void> {
    stopping = true;
    for (const res of inFlight) closeWhenDone(res);
    return new Promise((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), options.graceMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
  }

  return { track, stop, stopping: () => stopping };
}
