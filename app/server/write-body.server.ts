import type { ServerResponse } from "node:http";

type Flushable = ServerResponse & { flush?: () => void };

/**
 * Streams a web response body to Node's response, waiting for "drain" when the client reads
 * slowly. What the body yields in one turn of the event loop goes out as one write and one flush:
 * React renders a page's shell in one go as a few dozen small chunks, which written one by one
 * cost a system call each and, under compression, a flushed block each. A chunk that comes alone
 * (a deferred part of the page, a server-sent event) still goes out at once.
 *
 * One "drain" listener serves the whole response. The compression middleware forwards
 * `on("drain")` to its zlib stream but not `off`, so a listener added per wait, as React Router's
 * writer adds them, is never removed and they pile up on a large response (expressjs/compression
 * issue 135: "MaxListenersExceededWarning: 11 drain listeners added to [BrotliCompress]").
 * A client that goes away cancels the body at once, even while it waits for its next chunk.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Flushable) {
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  /** The response's buffer is full: nothing more is written, or read, until it drains. */
  let full = false;
  let wake: (() => void) | undefined;

  const joined = () => {
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    return chunk;
  };
  const send = () => {
    scheduled = undefined;
    if (full || pending.length === 0 || res.destroyed) return;
    full = !res.write(joined());
    res.flush?.();
  };
  const onDrain = () => {
    full = false;
    const resume = wake;
    wake = undefined;
    resume?.();
    if (pending.length > 0) scheduled ??= setImmediate(send);
  };
  let markClosed = () => {};
  const closed = new Promise<"closed">((resolve) => {
    markClosed = () => {
      onDrain();
      resolve("closed");
    };
  });
  res.on("drain", onDrain);
  res.once("close", markClosed);
  try {
    while (true) {
      if (full && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
      const next = await Promise.race([reader.read(), closed]);
      if (next === "closed" || res.destroyed) {
        await reader.cancel().catch(() => {});
        return;
      }
      if (next.done) {
        if (pending.length > 0) res.end(joined());
        else res.end();
        return;
      }
      pending.push(next.value);
      scheduled ??= setImmediate(send);
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    if (scheduled) clearImmediate(scheduled);
    res.off("close", markClosed);
  }
}
