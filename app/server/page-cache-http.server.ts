import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { cacheKeyOf, etagMatches, pickEncoding } from "../domain/page-cache-rules";
import type { CachedPage, PageCache } from "../lib/page-cache.server";
import { scriptHashesOf } from "../lib/page-cache.server";
import type { PageDependencies } from "../lib/page-dependencies.server";

type PageCacheHttpOptions = {
  /** The cache when it may answer (null while change announcements are not heard). */
  cache: () => PageCache | null;
  /** Security headers of a page whose inline scripts are allowed by these hashes. */
  headersFor: (scriptHashes: string[]) => Record<string, string>;
  /** True once the server is shutting down: answers then close their connection. */
  stopping: () => boolean;
  /** Logs the request the way every other request is logged. */
  logRequest: (entry: {
    reqId: string;
    method: string;
    url: string;
    status: number;
    ip: string | undefined;
    protocol: string;
    ms: number;
  }) => void;
  /** The client's address, believing X-Forwarded-For only from trusted proxies. */
  clientIp: (req: IncomingMessage) => string | undefined;
  /** The client's scheme, believing X-Forwarded-Proto only from trusted proxies. */
  clientProtocol: (req: IncomingMessage) => string;
};

function cacheableRequest(req: IncomingMessage) {
  return { method: req.method ?? "GET", url: req.url ?? "/", cookie: req.headers.cookie };
}

/** Sends a cached page: 304 when the browser holds it, else the bytes in its best encoding. */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: Record<string, string>,
  cacheState: "HIT" | "MISS",
) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  // Revalidated on every use: the same address shows another page once the visitor signs in.
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", cacheState);
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"] as string | undefined);
  const body = page.bodies[encoding];
  res.statusCode = page.status;
  res.setHeader("Content-Type", page.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * The fast path, before Express: a signed-out visitor's GET of a cached storefront page is
 * answered from memory with the same security headers, request id and log line as any other
 * response. Returns false when the request must go on to Express.
 */
export function createCachedPageResponder(options: PageCacheHttpOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const cache = options.cache();
    if (!cache) return false;
    const request = cacheableRequest(req);
    // Parameters the page does not read (utm_*, anything unknown) are no part of its key.
    const key = cacheKeyOf(request);
    if (key === undefined) return false;
    const page = cache.lookup(key);
    if (!page) return false;
    const started = process.hrtime.bigint();
    const reqId =
      (req.headers["x-request-id"] as string | undefined)?.slice(0, 100) || randomUUID();
    res.setHeader("X-Request-Id", reqId);
    if (options.stopping()) res.setHeader("Connection", "close");
    sendPage(req, res, page, options.headersFor(page.scriptHashes), "HIT");
    options.logRequest({
      reqId,
      method: request.method,
      url: request.url,
      status: res.statusCode,
      ip: options.clientIp(req),
      protocol: options.clientProtocol(req),
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
    });
    return true;
  };
}

type MissOptions = Pick<PageCacheHttpOptions, "cache" | "headersFor"> & {
  /**
   * Renders the request with React Router, without a nonce and with the whole document, for the
   * given path and query instead of the request's own.
   */
  render: (req: Request, res: Response, pathAndQuery: string) => Promise<globalThis.Response>;
  /** Sends a response React Router rendered, as the normal handler would. */
  send: (res: Response, response: globalThis.Response) => Promise<void>;
  /** Opens the record of what the page shows for the reads of this render. */
  trackDependencies: () => PageDependencies | undefined;
};

const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script)\b/;

/**
 * Express middleware for a cacheable request the fast path could not answer: renders the page
 * once without a nonce, keeps it when it is the same for every signed-out visitor (200, no
 * cookie set, nothing invalidated while it rendered), and answers with its hashed policy.
 */
export function createPageCacheMiddleware(options: MissOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const cache = options.cache();
    const request = cacheableRequest(req);
    const key = request.method === "GET" ? cacheKeyOf(request) : undefined;
    if (!cache || key === undefined) return next();
    try {
      // Rendered without a nonce: the policy is set from the page's script hashes instead.
      res.removeHeader("Content-Security-Policy");
      res.locals.cspNonce = "";
      res.locals.wholeDocument = true;
      const generation = cache.generation();
      const dependencies = options.trackDependencies();
      // The page of its key: what is kept is what every request with that key is given.
      const response = await options.render(req, res, key);
      const contentType = response.headers.get("content-type") ?? "";
      if (!CACHEABLE_TYPE.test(contentType) || !dependencies) {
        await options.send(res, response);
        return;
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || response.headers.has("set-cookie")) {
        // Rendered without a nonce all the same: its inline scripts run by hash.
        const headers = new Headers(response.headers);
        for (const [name, value] of Object.entries(
          options.headersFor(scriptHashesOf(contentType, body)),
        )) {
          headers.set(name, value);
        }
        headers.delete("content-length");
        await options.send(
          res,
          new globalThis.Response(body, { status: response.status, headers }),
        );
        return;
      }
      const page = await cache.admit(
        key,
        {
          status: 200,
          contentType,
          body,
          tags: dependencies.tags,
          freshUntil: dependencies.freshUntil,
        },
        generation,
      );
      sendPage(req, res, page, options.headersFor(page.scriptHashes), "MISS");
    } catch (error) {
      next(error);
    }
  };
}
