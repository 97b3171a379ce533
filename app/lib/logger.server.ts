import pino from "pino";

/** One JSON line per event; request lines carry the request id set by server.ts. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
});
