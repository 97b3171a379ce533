import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

type Options = {
  production: boolean;
  publicUrl: string;
  /** Razorpay's script, frames and telemetry are allowed only when live keys are set. */
  razorpay: boolean;
};

/**
 * The headers every response carries, and its Content-Security-Policy: inline scripts run when
 * they carry the response's nonce or, on pages served from the page cache (which cannot carry a
 * fresh nonce), when their SHA-256 hash is listed (docs/decisions/033).
 */
export function createSecurityHeaders(options: Options) {
  const razorpay = options.razorpay
    ? {
        script: " https://checkout.razorpay.com",
        frame: " https://api.razorpay.com https://checkout.razorpay.com",
        connect: " https://api.razorpay.com https://lumberjack.razorpay.com",
        img: " https://*.razorpay.com",
      }
    : { script: "", frame: "", connect: "", img: "" };

  /** The policy allowing inline scripts by these sources (`'nonce-…'` or `'sha256-…'`). */
  function contentSecurityPolicy(inlineScriptSources: string[]) {
    const inline = inlineScriptSources.map((source) => ` ${source}`).join("");
    return [
      "default-src 'self'",
      `script-src 'self'${inline}${razorpay.script}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${razorpay.img}`,
      "font-src 'self' data:",
      `connect-src 'self'${razorpay.connect}`,
      `frame-src 'self'${razorpay.frame}`,
      // canvas-confetti draws the coupon celebration in a worker it creates from a blob: URL.
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      // Forms post only to the shop. The contact form hands its message to the mail client by
      // navigating to a mailto: link (a script, or a refresh without JavaScript), never by a form.
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  }

  const always: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  const strictTransport = "max-age=63072000; includeSubDomains";
  const httpsOnly = options.publicUrl.startsWith("https://");

  /** Express middleware: a fresh nonce per response, kept in `res.locals.cspNonce`. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    // The development server injects inline scripts of its own; the policy applies to builds.
    if (options.production) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    }
    for (const [name, value] of Object.entries(always)) res.setHeader(name, value);
    // req.secure believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (req.secure || httpsOnly) res.setHeader("Strict-Transport-Security", strictTransport);
    res.removeHeader("X-Powered-By");
    next();
  }

  /** Headers of a page rendered without a nonce, whose inline scripts are allowed by hash. */
  function forHashedPage(scriptHashes: string[]): Record<string, string> {
    // A kept page answers many requests with its one list of hashes: its headers are made once.
    const made = hashedPageHeaders.get(scriptHashes);
    if (made) return made;
    const headers: Record<string, string> = { ...always };
    if (options.production)
      headers["Content-Security-Policy"] = contentSecurityPolicy(scriptHashes);
    if (httpsOnly) headers["Strict-Transport-Security"] = strictTransport;
    hashedPageHeaders.set(scriptHashes, Object.freeze(headers));
    return headers;
  }
  const hashedPageHeaders = new WeakMap<string[], Readonly<Record<string, string>>>();

  return { middleware, forHashedPage, contentSecurityPolicy };
}
