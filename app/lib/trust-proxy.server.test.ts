import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy.server";

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
