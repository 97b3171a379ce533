import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./body-limit.server";

const LIMIT = 64 * 1024;
let port = 0;
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies((req) => (req.path === "/upload" ? 4 * LIMIT : LIMIT)));
  app.post("/{*path}", async (_req, res) => {
    let bytes = 0;
    try {
      for await (const chunk of res.locals.requestBody as Readable) bytes += chunk.length;
    } catch {
      return;
    }
    if (!res.headersSent) res.send(`read ${bytes}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** Posts `total` bytes in 16 KB chunks, declared or chunked, and stops writing once answered. */
function upload(path: string, total: number, declare: boolean) {
  return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request({
      port,
      host: "127.0.0.1",
      path,
      method: "POST",
      headers: declare ? { "content-length": total } : { "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, written }));
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(16 * 1024, 97);
    const pump = () => {
      while (!answered && written < total) {
        written += piece.length;
        if (!request.write(piece)) return request.once("drain", () => setImmediate(pump));
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("limitRequestBodies", () => {
  it("passes a body within the limit through, declared or chunked", async () => {
    expect(await upload("/form", LIMIT, true)).toMatchObject({
      status: 200,
      body: `read ${LIMIT}`,
    });
    expect(await upload("/form", LIMIT, false)).toMatchObject({
      status: 200,
      body: `read ${LIMIT}`,
    });
  });

  it("refuses a declared Content-Length past the limit before reading the body", async () => {
    const answer = await upload("/form", 100 * LIMIT, true);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large/i);
    expect(answer.written).toBeLessThan(100 * LIMIT);
  });

  it("cuts a chunked body off with 413 once it passes the limit", async () => {
    const answer = await upload("/form", 100 * LIMIT, false);
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(100 * LIMIT);
  });

  it("applies the larger limit of a route that asks for one", async () => {
    expect(await upload("/upload", 3 * LIMIT, false)).toMatchObject({ status: 200 });
    expect((await upload("/upload", 5 * LIMIT, true)).status).toBe(413);
  });
});
