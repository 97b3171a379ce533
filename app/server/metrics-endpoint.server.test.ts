import { timingSafeEqual } from "node:crypto";
import type { Request } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mayReadMetrics } from "./metrics-endpoint.server";

vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof import("node:crypto")>();
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) };
});

afterEach(() => vi.mocked(timingSafeEqual).mockClear());

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

  it.each([
    ["a shorter token", TOKEN.slice(5)],
    ["a longer token", `${TOKEN}-and-more`],
    ["a one-character token", "x"],
    ["the right token", TOKEN],
  ])("compares %s in constant time, as 32-byte digests, whatever its length", (_, given) => {
    mayReadMetrics(request("203.0.113.7", `Bearer ${given}`), TOKEN);
    const compare = vi.mocked(timingSafeEqual);
    expect(compare).toHaveBeenCalledTimes(1);
    const [presented, expected] = compare.mock.calls[0] as [Buffer, Buffer];
    expect([presented.length, expected.length]).toEqual([32, 32]);
    // The digest, never the token itself, reaches the comparison.
    expect(Buffer.from(expected).toString("utf8")).not.toContain(TOKEN.slice(0, 8));
  });
});
