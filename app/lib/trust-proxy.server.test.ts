import { describe, expect, it, vi } from "vitest";
import { clientAddress, clientProtocol, parseTrustProxy } from "./trust-proxy.server";

describe("parseTrustProxy", () => {
  it("accepts addresses, CIDR ranges and Express's named ranges, trimmed", () => {
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy(" 10.0.0.5 , 10.1.0.0/16,fd00::/8, uniquelocal,linklocal")).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "fd00::/8",
      "uniquelocal",
      "linklocal",
    ]);
    expect(parseTrustProxy("::1")).toEqual(["::1"]);
  });

  it("reads none as trusting no proxy", () => {
    expect(parseTrustProxy("none")).toEqual([]);
  });

  it.each([
    "",
    " , ",
    "true",
    "2",
    "proxy.example",
    "10.0.0.256",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/8/1",
    "10.0.0.0/x",
    "10.0.0.5, none",
  ])("refuses %j", (value) => {
    expect(parseTrustProxy(value)).toBeUndefined();
  });
});

describe("clientAddress", () => {
  const loopbackOnly = (address: string) => address === "127.0.0.1" || address === "::1";

  it("is the peer when no proxy is trusted or none forwarded", () => {
    expect(clientAddress("203.0.113.9", undefined, loopbackOnly)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "198.51.100.1", () => false)).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For only as far as the proxies are trusted", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.7", loopbackOnly)).toBe("198.51.100.7");
    // A client cannot forge its address by sending its own header through the proxy.
    expect(clientAddress("127.0.0.1", "10.9.9.9, 198.51.100.7", loopbackOnly)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "198.51.100.7, 127.0.0.1", loopbackOnly)).toBe(
      "198.51.100.7",
    );
  });

  it("is undefined without a peer (a closed socket)", () => {
    expect(clientAddress(undefined, "198.51.100.7", loopbackOnly)).toBeUndefined();
  });
});

describe("clientProtocol", () => {
  const loopbackOnly = (address: string) => address === "127.0.0.1" || address === "::1";

  it("is the socket's own scheme unless a trusted proxy names another", () => {
    expect(clientProtocol(false, "203.0.113.9", "https", loopbackOnly)).toBe("http");
    expect(clientProtocol(true, "203.0.113.9", "http", loopbackOnly)).toBe("https");
    expect(clientProtocol(false, "127.0.0.1", undefined, loopbackOnly)).toBe("http");
    expect(clientProtocol(false, "127.0.0.1", "https", loopbackOnly)).toBe("https");
    expect(clientProtocol(false, "127.0.0.1", " https , http", loopbackOnly)).toBe("https");
    expect(clientProtocol(false, undefined, "https", loopbackOnly)).toBe("http");
  });

  it("asks nothing of the proxy rules when no X-Forwarded-Proto came", () => {
    const trust = vi.fn(loopbackOnly);
    expect(clientProtocol(false, "127.0.0.1", undefined, trust)).toBe("http");
    expect(clientProtocol(true, "127.0.0.1", "", trust)).toBe("https");
    expect(trust).not.toHaveBeenCalled();
  });
});
