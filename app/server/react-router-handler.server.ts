import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { closeIfBodyUnread, requestBodyStream } from "./request-body.server";
import { writeBody } from "./write-body.server";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  publicUrl: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
};

/**
 * Hands Express requests to React Router, like @react-router/express, with two differences: a
 * body left unread closes its connection (request-body.server.ts), and React Router's own
 * origin check accepts PUBLIC_URL's host, so the shop has one origin rule (origin-guard.server.ts)
 * whatever Host a load balancer forwards.
 */
export function createReactRouterHandler(options: Options) {
  const allowedActionOrigins = [new URL(options.publicUrl).host];
  const withOrigins = (build: ServerBuild): ServerBuild => ({ ...build, allowedActionOrigins });
  const source = options.build;
  const handle = createRequestHandler(
    typeof source === "function" ? async () => withOrigins(await source()) : withOrigins(source),
    options.mode,
  );

  /**
   * React Router's answer to an Express request, not yet sent; for another path and query of the
   * same origin when given (the page cache renders a page's key).
   */
  const render = (req: Request, res: Response, pathAndQuery = req.originalUrl) =>
    handle(toFetchRequest(req, res, pathAndQuery), options.getLoadContext(req, res));

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await render(req, res);
      closeIfBodyUnread(req, res);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
  return { middleware, render };
}

function toFetchRequest(req: Request, res: Response, pathAndQuery: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(requestBodyStream(req));
    init.duplex = "half";
  }
  return new globalThis.Request(requestUrl(req, pathAndQuery), init);
}

/** The URL as the client asked for it (behind a trusted proxy: its scheme and host). */
function requestUrl(req: Request, pathAndQuery: string) {
  const host = (req.host ?? "").split(/[\\/?#@\s]/)[0] || "localhost";
  // Concatenated, not resolved: a path like //other.example must stay a path.
  try {
    return new URL(`${req.protocol}://${host}${pathAndQuery}`).href;
  } catch {
    return new URL(`${req.protocol}://localhost${pathAndQuery}`).href;
  }
}

/** Writes a fetch Response to Express, streaming its body. */
export async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
