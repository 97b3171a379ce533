import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseCrossOriginWrites } from "./origin-guard.server";

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(
    refuseCrossOriginWrites({
      publicUrl: "https://shop.example/",
      exemptPaths: ["/api/webhooks/razorpay", "/api/webhooks/courier"],
    }),
  );
  app.all("/{*path}", (_req, res) => res.status(200).send("reached"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function post(path: string, headers: Record<string, string>, method = "POST") {
  const response = await fetch(`${base}${path}`, { method, headers, body: "a=1" });
  return { status: response.status, body: await response.text() };
}

describe("refuseCrossOriginWrites", () => {
  it("accepts a state-changing request whose Origin is PUBLIC_URL's origin", async () => {
    expect(await post("/sign-out", { origin: "https://shop.example" })).toEqual({
      status: 200,
      body: "reached",
    });
  });

  it.each([
    ["a foreign origin", { origin: "https://evil.example" }],
    ["the same host over http", { origin: "http://shop.example" }],
    ["another port", { origin: "https://shop.example:8443" }],
    ["a look-alike host", { origin: "https://shop.example.evil.example" }],
    ["Origin: null", { origin: "null" }],
    [
      "Origin: null beside a same-origin Referer",
      { origin: "null", referer: "https://shop.example/" },
    ],
    ["no Origin and no Referer", {}],
    ["no Origin and a foreign Referer", { referer: "https://evil.example/shop.example" }],
    ["no Origin and a malformed Referer", { referer: "shop.example" }],
  ])("refuses %s with 403 and a message", async (_name, headers) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await post("/sign-out", headers, method);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatch(/cross-origin request refused.*https:\/\/shop\.example/i);
    }
  });

  it("accepts a same-origin Referer when the Origin header is missing", async () => {
    const answer = await post("/checkout/payment", { referer: "https://shop.example/checkout" });
    expect(answer.status).toBe(200);
  });

  it("lets reads through and exempts only the exact webhook path", async () => {
    expect(
      (await fetch(`${base}/sign-out`, { headers: { origin: "https://evil.example" } })).status,
    ).toBe(200);
    expect((await post("/api/webhooks/razorpay", { origin: "https://evil.example" })).status).toBe(
      200,
    );
    expect((await post("/api/webhooks/razorpay", {})).status).toBe(200);
    expect((await post("/api/webhooks/razorpay/", {})).status).toBe(403);
    expect((await post("/api/webhooks/razorpay.data", {})).status).toBe(403);
  });

  it("exempts a provider endpoint's own path, and no path merely like it", async () => {
    expect((await post("/api/webhooks/courier", {})).status).toBe(200);
    for (const similar of [
      "/api/webhooks/courier/x",
      "/api/webhooks/courierX",
      "/api/webhooks/courier/",
      "/api/webhooks/courier.data",
      "/API/webhooks/courier",
      "/api/webhooks",
      "/api/webhooks/",
      "/x/api/webhooks/courier",
    ]) {
      const answer = await post(similar, { origin: "https://evil.example" });
      expect(answer.status, similar).toBe(403);
      expect((await post(similar, {})).status, similar).toBe(403);
    }
  });
});

describe("refuseCrossOriginWrites on a shop served from this machine", () => {
  const guard = refuseCrossOriginWrites({
    publicUrl: "http://localhost:3000",
    exemptPaths: [],
  });

  function decide(origin: string) {
    let passed = false;
    let status = 0;
    const res = {
      setHeader: () => res,
      status: (code: number) => {
        status = code;
        return res;
      },
      type: () => res,
      send: () => res,
    };
    const req = {
      method: "POST",
      path: "/cart",
      get: (name: string) => (name === "origin" ? origin : undefined),
    };
    guard(req as never, res as never, () => {
      passed = true;
    });
    return passed ? "accepted" : status;
  }

  it("accepts the other names of loopback on the same scheme and port", () => {
    expect(decide("http://localhost:3000")).toBe("accepted");
    expect(decide("http://127.0.0.1:3000")).toBe("accepted");
    expect(decide("http://[::1]:3000")).toBe("accepted");
  });

  it("still refuses another port, another scheme and other hosts", () => {
    expect(decide("http://127.0.0.1:3001")).toBe(403);
    expect(decide("https://localhost:3000")).toBe(403);
    expect(decide("http://127.0.0.2:3000")).toBe(403);
    expect(decide("http://localhost.evil.example:3000")).toBe(403);
  });
});
