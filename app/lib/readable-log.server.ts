import { styleText } from "node:util";
import type { DestinationStream } from "pino";

/**
 * The log as a person at a terminal reads it (`npm start`, `npm run dev`): one short line per
 * event, the time, the level when it is not info, the message and its facts; a request as
 * `GET /products 200 12.3 ms`. Anywhere else (a pipe, journald) each line stays pino's JSON,
 * which docs/deploy.md's searches and a log collector read.
 */

type Style = Parameters<typeof styleText>[0];

/** pino's levels; info, most lines, goes without its word. */
const LEVELS: Record<number, { word: string; style: Style } | undefined> = {
  10: { word: "trace", style: "gray" },
  20: { word: "debug", style: "gray" },
  40: { word: "warn", style: "yellow" },
  50: { word: "error", style: "red" },
  60: { word: "fatal", style: "red" },
};

/** Left out of a request's facts: its line has them in its own words, or they add nothing. */
const REQUEST_FIELDS = new Set(["method", "url", "status", "ms", "ip", "protocol"]);

type LogEvent = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [fact: string]: unknown;
};

function clock(time: number | undefined) {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
}

function statusStyle(status: number): Style {
  if (status >= 500) return "red";
  if (status >= 400) return "yellow";
  if (status >= 300) return "cyan";
  return "green";
}

function fact(name: string, value: unknown) {
  return `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`;
}

/** One JSON line of the log, readable; a line that is not the log's is given back as it is. */
export function readableLine(json: string, colors = false): string {
  let event: LogEvent;
  try {
    event = JSON.parse(json) as LogEvent;
  } catch {
    return json;
  }
  // The caller knows whether its stream shows colours: styleText is not to look at stdout.
  const paint = (style: Style, text: string) =>
    colors ? styleText(style, text, { validateStream: false }) : text;
  const { level = 30, time, msg = "", reqId, err, ...facts } = event;
  const words = [paint("dim", clock(time))];
  const named = LEVELS[level];
  if (named) words.push(paint(named.style, named.word));
  const isRequest =
    msg === "request" && typeof facts.method === "string" && typeof facts.status === "number";
  if (isRequest) {
    const status = facts.status as number;
    words.push(String(facts.method), String(facts.url), paint(statusStyle(status), String(status)));
    words.push(paint("dim", `${facts.ms} ms`));
  } else {
    words.push(msg);
  }
  for (const [name, value] of Object.entries(facts)) {
    if (!isRequest || !REQUEST_FIELDS.has(name)) words.push(fact(name, value));
  }
  // A request's own line needs no id; what was logged while serving it names the request.
  if (reqId && !isRequest) words.push(paint("dim", fact("request", reqId.slice(0, 8))));
  const trace = err ? (err.stack ?? `${err.type ?? "Error"}: ${err.message ?? ""}`) : null;
  const details = trace
    ? `\n${trace
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")}`
    : "";
  return `${words.join(" ")}${details}\n`;
}

/** Where the logger writes: readable lines on a terminal, pino's own JSON otherwise (undefined). */
export function logDestination(stdout: NodeJS.WriteStream): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  const colors = stdout.hasColors?.() ?? false;
  return { write: (line: string) => stdout.write(readableLine(line, colors)) };
}
