import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "./metrics-endpoint.server";

function request(ip: string, authorization?: string) {
  return {
    ip,
    get: (name: string) => (name.toLowerCase() === "authorization" ? authorization : undefined),
  } as unknown as Request;
}

const TOKEN = "a-metrics-token-of-some-length";

describe("mayReadMetrics", () => {
  it("without a token, lets only clients on this machine read", () => {
    expect(mayReadMetrics(request("127.0.0.1"), undefined)).toBe(true);
    expect(mayReadMetrics(request("::1"), undefined)).toBe(true);
    expect(mayReadMetrics(request("::ffff:127.0.0.1"), undefined)).toBe(true);
    // Behind a trusted proxy, req.ip is the visitor's address, not the proxy's loopback one.
    expect(mayReadMetrics(request("203.0.113.7"), undefined)).toBe(false);
    expect(mayReadMetrics(request("10.0.0.5"), undefined)).toBe(false);
  });

  it("with a token, asks every client for it, on this machine too", () => {
    expect(mayReadMetrics(request("203.0.113.7", `Bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(mayReadMetrics(request("203.0.113.7", `bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(mayReadMetrics(request("127.0.0.1"), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", `Bearer ${TOKEN}x`), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", `Bearer ${TOKEN.slice(1)}`), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", TOKEN), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", `Basic ${TOKEN}`), TOKEN)).toBe(false);
  });
});
