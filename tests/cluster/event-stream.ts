/**
 * Reads a server-sent event stream the way a browser's EventSource does: events separated by a
 * blank line, `event:` naming them, `data:` carrying their text, comment lines (`:`) ignored.
 */
import type http from "node:http";
import { BACKEND_HEADER } from "./round-robin";

export type StreamEvent = { event: string; data: string };

export type EventStream = {
  status: number;
  contentType: string | undefined;
  /** The process that answered, when the stream came through the proxy. */
  backend: number | null;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** Resolves with the first event from index `from` on that `matches`, or fails after `timeoutMs`. */
  waitFor(
    matches: (event: StreamEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<StreamEvent>;
  close(): void;
};

function parseBlock(block: string): StreamEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  // A block of comments or a bare `retry:` dispatches nothing.
  return data.length ? { event, data: data.join("\n") } : null;
}

/** Sends `request` and resolves once the stream's headers have arrived. */
export function readEventStream(request: http.ClientRequest): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk.replace(/\r\n?/g, "\n");
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) events.push(parsed);
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiters) wake();
      });
      // The stream ending (the visitor closed it) is not an error worth failing on here.
      response.on("error", () => {});
      const backend = response.headers[BACKEND_HEADER];
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers["content-type"],
        backend: typeof backend === "string" ? Number(backend) : null,
        events,
        waitFor(matches, { from = 0, timeoutMs = 10_000 } = {}) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.slice(from).find(matches);
              if (!hit) return false;
              waiters.delete(wake);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const wake = () => void check();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(
                new Error(
                  `no matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`,
                ),
              );
            }, timeoutMs);
            if (!check()) waiters.add(wake);
          });
        },
        close() {
          request.destroy();
        },
      });
    });
    request.end();
  });
}
