import { PassThrough, type Readable } from "node:stream";
import type { Request, Response } from "express";

/** How long a client whose body was not read may go on sending before its connection is closed. */
const LINGER_MS = 2_000;

/**
 * The request body as React Router reads it: a stream of its own, so a reader that stops early
 * (a body past its limit, app/lib/form-data.server.ts) ends that stream and not the client's
 * connection, which still has to carry the answer.
 */
export function requestBodyStream(req: Request): Readable {
  const body = new PassThrough();
  req.on("error", (error) => body.destroy(error));
  // A reader that stops early ends this stream with its own reason, which it already holds.
  body.on("error", () => {});
  return req.pipe(body);
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written. If the client is
 * still sending, the kernel then resets the connection, and a reset can drop the answer (a 413)
 * from the client's buffer before it is read. Like nginx's lingering close: stop writing, keep
 * reading and dropping what arrives for a moment, then close.
 */
function closeAfterLingering(req: Request) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.resume();
}

/**
 * For an answer given before the request's body was read to its end (a body past its reader's
 * limit, or a large upload redirected to sign in): the unread rest would stall the connection
 * for the next request, so it closes after lingering.
 */
export function closeIfBodyUnread(req: Request, res: Response) {
  if (req.complete || res.headersSent) return;
  req.unpipe();
  res.setHeader("Connection", "close");
  closeAfterLingering(req);
}
