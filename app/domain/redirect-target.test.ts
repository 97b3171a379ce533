import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./redirect-target";

const SHOP = "https://shop.example.in";

/** Targets that try to leave the shop; every one must fall back. */
const OFF_SITE_TARGETS = [
  "https://evil.example",
  "http://evil.example/profile",
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\t//evil.example",
  " //evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https://shop.example.in@evil.example",
  "https://user:pass@shop.example.in/profile",
  "https://shop.example.in.evil.example/",
  "http://shop.example.in/profile",
  "http:evil.example",
  "https://shop.example.in:8443/profile",
  "https://evil。example",
  "https://ｅｖｉｌ.example",
  "/\u0000/evil.example",
  "",
];

describe("sameOriginPath", () => {
  it.each(OFF_SITE_TARGETS)("refuses %j", (target) => {
    expect(sameOriginPath(target, SHOP, "/fallback")).toBe("/fallback");
  });

  it.each([null, undefined, 42, {}, ["/profile"]])("refuses the non-string %j", (target) => {
    expect(sameOriginPath(target, SHOP)).toBe("/");
  });

  // Relative and encoded forms that only look like another host are paths on the shop.
  it.each([
    ["/profile", "/profile"],
    ["/profile?tab=orders", "/profile?tab=orders"],
    ["/product/abc#reviews", "/product/abc#reviews"],
    ["/", "/"],
    ["https://shop.example.in/checkout", "/checkout"],
    ["/a/../checkout", "/checkout"],
    ["/search?q=a b", "/search?q=a%20b"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/@evil.example", "/@evil.example"],
    ["/／／evil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["\u202e//evil.example", "/%E2%80%AE//evil.example"],
    ["https:evil.example", "/evil.example"],
    ["evil.example", "/evil.example"],
    ["profile", "/profile"],
  ])("keeps %j on the shop as %j", (target, expected) => {
    expect(sameOriginPath(target, SHOP)).toBe(expected);
    expect(new URL(expected, SHOP).origin).toBe(SHOP);
  });

  it("does not accept a path that the resolution turned into another host", () => {
    expect(sameOriginPath("https://shop.example.in//evil.example", SHOP)).toBe("/");
    expect(sameOriginPath("/.//evil.example", SHOP)).toBe("/");
  });

  it("falls back when the shop's own address is unusable", () => {
    expect(sameOriginPath("/profile", "not a url", "/x")).toBe("/x");
  });
});
