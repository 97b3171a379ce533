import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined) {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * PUBLIC_URL's origin; when it names this machine (the two-command start), also the other names
 * of loopback on the same scheme and port, so a shop opened at 127.0.0.1 instead of localhost
 * still takes its own forms. No other site can send those origins from a visitor's browser.
 */
function acceptedOrigins(publicUrl: string) {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  return new Set(
    LOOPBACK_HOSTS.map((host) => {
      const alias = new URL(url.origin);
      alias.hostname = host;
      return alias.origin;
    }),
  );
}

/**
 * The shop's one origin rule (docs/decisions/014-the-http-edge.md): a state-changing request is
 * accepted only when its Origin is the origin of PUBLIC_URL. Without an Origin header, a Referer
 * on that origin is accepted instead; with neither, the request is refused. `exemptPaths` are the
 * provider endpoints (app/server/provider-endpoints.ts), called by servers, not browsers, each with
 * a credential of its own (a signature or a token): only a path equal to one of them is exempt.
 */
export function refuseCrossOriginWrites(options: { publicUrl: string; exemptPaths: string[] }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const accepted = acceptedOrigins(options.publicUrl);
  const exempt = new Set(options.exemptPaths);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.has(req.path)) return next();
    const origin = req.get("origin");
    const claimed = origin === undefined ? originOf(req.get("referer")) : origin;
    if (claimed !== undefined && accepted.has(claimed)) return next();
    res.setHeader("Connection", "close");
    res
      .status(403)
      .type("text/plain")
      .send(
        `Cross-origin request refused: forms must be sent from ${publicOrigin} (the shop's PUBLIC_URL).`,
      );
  };
}
