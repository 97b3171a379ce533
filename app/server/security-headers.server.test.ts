import { describe, expect, it } from "vitest";
import { createSecurityHeaders } from "./security-headers.server";

const headers = createSecurityHeaders({
  production: true,
  publicUrl: "https://shop.example/",
  razorpay: false,
});

/** The policy's directives by name. */
function directives(policy: string) {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.join(" ")];
    }),
  );
}

describe("the Content-Security-Policy", () => {
  it("lets forms post only to the shop: the contact form hands over to the mail client by link", () => {
    const policy = directives(headers.contentSecurityPolicy(["'nonce-abc'"]));
    expect(policy.get("form-action")).toBe("'self'");
  });

  it("is, directive by directive, the shop's own sources and nothing else", () => {
    expect(Object.fromEntries(directives(headers.contentSecurityPolicy(["'nonce-abc'"])))).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-abc'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self' data:",
      "connect-src": "'self'",
      "frame-src": "'self'",
      "worker-src": "'self' blob:",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
  });

  it("is sent the same on a page allowed its inline scripts by hash", () => {
    const policy = headers.forHashedPage(["'sha256-abc='"])["Content-Security-Policy"] ?? "";
    expect(directives(policy).get("form-action")).toBe("'self'");
    expect(directives(policy).get("script-src")).toBe("'self' 'sha256-abc='");
  });

  it("makes a kept page's headers once for its list of hashes", () => {
    const hashes = ["'sha256-abc='"];
    const first = headers.forHashedPage(hashes);
    expect(headers.forHashedPage(hashes)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const other = headers.forHashedPage(["'sha256-def='"]);
    expect(other).not.toBe(first);
    expect(directives(other["Content-Security-Policy"] ?? "").get("script-src")).toBe(
      "'self' 'sha256-def='",
    );
  });
});
