import pino from "pino";
import { logDestination } from "./readable-log.server";
import { requestStore } from "./request-store.server";

/**
 * A JSON line per event. Every line written while a request is served carries that request's
 * id (`reqId`, also sent as X-Request-Id), so one id finds everything the request did.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      mixin() {
        const requestId = requestStore()?.requestId;
        return requestId ? { reqId: requestId } : {};
      },
    },
    destination,
  );
}

/** The shop's one logger, for server.ts and app code alike; on a terminal, in readable lines. */
export const logger = createLogger(
  process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  logDestination(process.stdout),
);
