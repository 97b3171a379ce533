import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBody } from "./write-body.server";

let port = 0;
let close = () => {};
let cancelled = 0;
let release = () => {};

/** `chunks` chunks of 16 KB that do not compress, so the client's slowness reaches the server. */
function bigBody(chunks: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(randomBytes(16 * 1024));
    },
  });
}

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/big", async (_req, res) => {
    res.setHeader("content-type", "text/html");
    await writeBody(bigBody(400), res);
  });
  app.get("/events", async (_req, res) => {
    res.setHeader("content-type", "text/event-stream");
    res.setHeader("cache-control", "no-cache, no-transform");
    const held = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("event: hello\ndata: 1\n\n"));
        await held;
        controller.close();
      },
      cancel() {
        cancelled += 1;
      },
    });
    await writeBody(body, res);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

describe("writeBody", () => {
  it("streams a large compressed body to a slow client without piling up drain listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const received = await new Promise<number>((resolve, reject) => {
        http
          .get(
            { port, host: "127.0.0.1", path: "/big", headers: { "accept-encoding": "gzip" } },
            (response) => {
              let bytes = 0;
              response.on("data", (chunk: Buffer) => {
                bytes += chunk.length;
                // A slow reader: every chunk waits a moment, so the server meets backpressure.
                response.pause();
                setTimeout(() => response.resume(), 1);
              });
              response.on("end", () => resolve(bytes));
              response.on("error", reject);
            },
          )
          .on("error", reject);
      });
      expect(received).toBeGreaterThan(400 * 16 * 1024 * 0.9);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual(
        [],
      );
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("sends each chunk as it comes through compression, and cancels the body when the client leaves", async () => {
    const before = cancelled;
    const first = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        { port, host: "127.0.0.1", path: "/events", headers: { "accept-encoding": "gzip" } },
        (response) => {
          response.setEncoding("utf8");
          response.once("data", (chunk: string) => {
            resolve(chunk);
            request.destroy();
          });
        },
      );
      request.on("error", () => {});
      setTimeout(() => reject(new Error("the first event did not arrive")), 2000);
    });
    expect(first).toContain("event: hello");
    const deadline = Date.now() + 2000;
    while (cancelled === before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(cancelled).toBe(before + 1);
    release();
  });

  it("writes what comes in one turn as one chunk, and what comes later as it comes", async () => {
    const writes: string[] = [];
    let ended = "";
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      write(chunk: Uint8Array) {
        writes.push(Buffer.from(chunk).toString());
        return true;
      },
      end(chunk?: Uint8Array) {
        ended = chunk ? Buffer.from(chunk).toString() : "(nothing)";
      },
    });
    const encode = (text: string) => new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // A rendered shell: many small chunks at once.
        for (const part of ["<html>", "<body>", "<main>", "shell", "</main>"]) {
          controller.enqueue(encode(part));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(encode("<p>reviews</p>"));
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(encode("</body>"));
        controller.enqueue(encode("</html>"));
        controller.close();
      },
    });
    await writeBody(body, res as unknown as Parameters<typeof writeBody>[1]);
    expect(writes).toEqual(["<html><body><main>shell</main>", "<p>reviews</p>"]);
    expect(ended).toBe("</body></html>");
  });
});
