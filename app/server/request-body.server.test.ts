import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readForm } from "~/lib/form-data.server";
import { closeIfBodyUnread, requestBodyStream } from "./request-body.server";

const LIMIT = 64 * 1024;
let port = 0;
let close = () => {};

/**
 * Serves as the shop does: the body goes to a fetch Request (react-router-handler.server.ts), the
 * action reads it with its own limit (a larger one on /upload), and an unread rest is closed.
 */
beforeAll(async () => {
  const app = express();
  app.post("/{*path}", async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.originalUrl}`, {
      method: "POST",
      headers: Object.entries(req.headers).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
      body: createReadableStreamFromReadable(requestBodyStream(req)),
      duplex: "half",
    } as RequestInit);
    let answer: Response;
    try {
      const form = await readForm(request, req.path === "/upload" ? 4 * LIMIT : LIMIT);
      answer = new Response(`read ${String(form.get("a") ?? "").length + 2}`);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      answer = thrown;
    }
    closeIfBodyUnread(req, res);
    res.status(answer.status).send(await answer.text());
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** Posts the form `a=aaa…` of `total` bytes in 16 KB chunks, declared or chunked; stops once answered. */
function upload(path: string, total: number, declare: boolean) {
  return new Promise<{ status: number; body: string; written: number; connection?: string }>(
    (resolve, reject) => {
      let written = 0;
      let answered = false;
      const type = { "content-type": "application/x-www-form-urlencoded" };
      const request = http.request({
        port,
        host: "127.0.0.1",
        path,
        method: "POST",
        headers: declare
          ? { ...type, "content-length": total }
          : { ...type, "transfer-encoding": "chunked" },
      });
      request.on("response", (response) => {
        answered = true;
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            written,
            connection: response.headers.connection,
          }),
        );
      });
      request.on("error", (error) => (answered ? undefined : reject(error)));
      const piece = Buffer.alloc(16 * 1024, 97);
      piece.write("a=");
      const pump = () => {
        while (!answered && written < total) {
          const chunk = written === 0 ? piece : Buffer.alloc(16 * 1024, 97);
          written += chunk.length;
          if (!request.write(chunk)) return request.once("drain", () => setImmediate(pump));
        }
        if (!answered) request.end();
      };
      pump();
    },
  );
}

describe("a request body read by its action", () => {
  it("passes a body within the limit through, declared or chunked", async () => {
    for (const declare of [true, false]) {
      expect(await upload("/form", LIMIT, declare)).toMatchObject({
        status: 200,
        body: `read ${LIMIT}`,
      });
    }
  });

  it("is refused with 413 before it is read when its declared Content-Length is past the limit", async () => {
    const answer = await upload("/form", 100 * LIMIT, true);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large/i);
    expect(answer.connection).toBe("close");
    expect(answer.written).toBeLessThan(100 * LIMIT);
  });

  it("is cut off with 413 once a chunked body passes the limit, and the client reads the answer", async () => {
    const answer = await upload("/form", 100 * LIMIT, false);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large/i);
    expect(answer.written).toBeLessThan(100 * LIMIT);
  });

  it("may be larger where the action's reader allows more", async () => {
    expect(await upload("/upload", 3 * LIMIT, false)).toMatchObject({ status: 200 });
    expect((await upload("/upload", 5 * LIMIT, true)).status).toBe(413);
    expect((await upload("/upload", 5 * LIMIT, false)).status).toBe(413);
  });
});
