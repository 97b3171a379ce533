import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createGracefulShutdown } from "./graceful-shutdown.server";

type Started = {
  server: http.Server;
  graceful: ReturnType<typeof createGracefulShutdown>;
  release: () => void;
  port: number;
  agent: http.Agent;
};
const started: Started[] = [];

/** A server with the shutdown's tracking, a quick route and one that answers when released. */
async function start(graceMs = 5_000): Promise<Started> {
  const app = express();
  const server = http.createServer(app);
  const graceful = createGracefulShutdown(server, { graceMs });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.use(graceful.track);
  app.get("/quick", (_req, res) => {
    res.send("quick");
  });
  app.get("/slow", async (_req, res) => {
    await released;
    res.send("slow");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const entry: Started = { server, graceful, release: () => release(), port, agent };
  started.push(entry);
  return entry;
}

/** A GET through the keep-alive agent: status, body and the Connection header. */
function get(target: Started, path: string) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>(
    (resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: target.port, path, agent: target.agent }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          );
        })
        .on("error", reject);
    },
  );
}

afterEach(() => {
  for (const { server, agent, release } of started.splice(0)) {
    release();
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});

describe("createGracefulShutdown", () => {
  it("says it is stopping only once stop has begun", async () => {
    const target = await start();
    expect(target.graceful.stopping()).toBe(false);
    const stopped = target.graceful.stop();
    expect(target.graceful.stopping()).toBe(true);
    await stopped;
  });

  it("closes idle keep-alive connections at once", async () => {
    const target = await start();
    // A keep-alive connection that has answered and now waits for the next request.
    expect((await get(target, "/quick")).connection).toBe("keep-alive");
    const before = Date.now();
    await target.graceful.stop();
    expect(Date.now() - before).toBeLessThan(1_000);
  });

  it("lets a request in flight finish, answered with Connection: close, then closes", async () => {
    const target = await start();
    const slow = get(target, "/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    let closed = false;
    const stopped = target.graceful.stop().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    target.release();
    expect(await slow).toEqual({ status: 200, body: "slow", connection: "close" });
    await stopped;
    expect(closed).toBe(true);
  });

  it("cuts what is still running when the grace is over", async () => {
    const target = await start(200);
    const slow = get(target, "/slow").then(
      () => "answered",
      () => "cut",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = Date.now();
    await target.graceful.stop();
    expect(Date.now() - before).toBeGreaterThanOrEqual(150);
    expect(await slow).toBe("cut");
  });
});
