import { Transform } from "node:stream";
import type { NextFunction, Request, Response } from "express";

export const MAX_BODY_BYTES = 1024 * 1024;
/** How long a refused client may go on sending before its connection is closed. */
const LINGER_MS = 2_000;

/**
 * Node closes a `Connection: close` socket as soon as the answer is written. If the client is
 * still sending, the kernel then resets the connection, and a reset can drop the 413 from the
 * client's buffer before it is read. Like nginx's lingering close: stop writing, keep reading and
 * dropping what arrives for a moment, then close.
 */
function closeAfterLingering(req: Request) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.resume();
}

/** Refuses a request body past `maxBytes` with 413 and closes the connection instead of reading on. */
function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  closeAfterLingering(req);
  res.status(413);
  res.setHeader("Connection", "close");
  res
    .type("text/plain")
    .send(`Request body too large: at most ${Math.floor(maxBytes / 1024)} KB is accepted here.`);
}

/**
 * For an answer given before the request's body was read to its end (a large upload redirected
 * to sign in): the unread rest would stall the connection for the next request, so it closes
 * after lingering, as after a 413.
 */
export function closeIfBodyUnread(req: Request, res: Response) {
  if (req.complete || res.headersSent) return;
  req.unpipe();
  res.setHeader("Connection", "close");
  closeAfterLingering(req);
}

/**
 * Limits every request body to what its route allows (`limitFor`). A declared Content-Length past
 * the limit is refused before a byte is read; a body without one (chunked) is counted while it
 * streams and cut off as soon as it passes the limit. Readers downstream take the counted stream
 * from `res.locals.requestBody` (see react-router-handler.server.ts).
 */
export function limitRequestBodies(limitFor: (req: Request) => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const maxBytes = limitFor(req);
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) return refuseTooLarge(req, res, maxBytes);
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.byteLength;
        if (seen <= maxBytes) return callback(null, chunk);
        req.unpipe(counted);
        refuseTooLarge(req, res, maxBytes);
        callback(new Error("request body too large"));
      },
    });
    req.on("error", (error) => counted.destroy(error));
    res.locals.requestBody = req.pipe(counted);
    next();
  };
}
