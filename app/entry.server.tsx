import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { logger } from "./lib/logger.server";
import { wantsWholeDocument } from "./lib/whole-document";

// server.ts drives the shop's start, health check and shutdown through these.
export {
  beginShutdown,
  checkReadiness,
  startShop,
  stopShop,
  storefrontPageCache,
} from "./bootstrap.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const handles = routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    );
    const wholeDocument =
      loadContext.wholeDocument ||
      (userAgent !== null && isbot(userAgent)) ||
      routerContext.isSpaMode ||
      wantsWholeDocument(handles, new URL(request.url));
    const readyOption: keyof RenderToPipeableStreamOptions = wholeDocument
      ? "onAllReady"
      : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Boundaries ready with the shell stay in place: React otherwise moves large ones to the
        // end of the stream, to be put back by a script a browser without JavaScript skips.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url }, "unhandled server error");
};
