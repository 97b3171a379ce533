/**
 * A small reverse proxy in front of several shop processes, as a load balancer without sticky
 * sessions would be: each new request goes to the next process in turn, whatever connection it
 * came on, so two requests of one visitor are (almost) never served by the same process. Responses
 * are piped as they arrive, so a live stream (server-sent events) keeps flowing through it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Names the process that answered, so a test can tell how its requests were spread. */
export const BACKEND_HEADER = "x-cluster-backend";

/** Headers that describe one connection, not the message: never passed on by a proxy. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

function endToEnd(headers: http.IncomingHttpHeaders) {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** Below Node's default server keep-alive timeout of 5 s. */
export const IDLE_CLOSE_MS = 4000;

/** Requests without a body that change nothing: safe to send again after a lost connection. */
const IDEMPOTENT = new Set(["GET", "HEAD"]);

export type RoundRobin = {
  /** The proxy's own address: the shops' PUBLIC_URL. */
  url: string;
  port: number;
  close(): Promise<void>;
};

/** Starts the proxy on a free loopback port in front of the processes listening on `ports`. */
export async function startRoundRobin(ports: readonly number[]): Promise<RoundRobin> {
  // An idle connection is closed here before the shop's 5 s keep-alive timeout closes it there: a
  // form posted on a connection the process is closing at that instant would be lost (a 502), as
  // nginx avoids with an upstream keepalive_timeout below the upstream's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_CLOSE_MS });
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % ports.length;
    const peer = req.socket.remoteAddress ?? "127.0.0.1";
    const forwardedFor = req.headers["x-forwarded-for"];
    const headers = endToEnd(req.headers);
    // As a real proxy does: the address it was called from joins the chain the shop reads.
    headers["x-forwarded-for"] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
    const send = (retried: boolean) => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: ports[index],
          method: req.method,
          path: req.url,
          headers,
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, {
            ...endToEnd(answer.headers),
            [BACKEND_HEADER]: String(index),
          });
          // Sent at once: a live stream's first bytes may be a while coming.
          res.flushHeaders();
          answer.pipe(res);
          answer.on("error", () => res.destroy());
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // A kept-alive connection the process closed just as this request went out on it: sent
        // again once on a new one, as nginx does for a request that cannot have changed anything.
        if (!retried && error.code === "ECONNRESET" && IDEMPOTENT.has(req.method ?? "")) {
          send(true);
          return;
        }
        res.writeHead(502, { "content-type": "text/plain", [BACKEND_HEADER]: String(index) });
        res.end(`The shop process on port ${ports[index]} could not be reached: ${error.message}`);
      });
      // A visitor who leaves closes the stream to the process too (live streams end with them).
      res.on("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (IDEMPOTENT.has(req.method ?? "")) upstream.end();
      else req.pipe(upstream);
    };
    send(false);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
