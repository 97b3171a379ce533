import type { ServerResponse } from "node:http";

type Flushable = ServerResponse & { flush?: () => void };

/**
 * Streams a web response body to Node's response, flushing each chunk (so the compression
 * middleware sends streamed HTML and server-sent events as they come) and waiting for "drain"
 * when the client reads slowly.
 *
 * One "drain" listener serves the whole response. The compression middleware forwards
 * `on("drain")` to its zlib stream but not `off`, so a listener added per wait, as React Router's
 * writer adds them, is never removed and they pile up on a large response (expressjs/compression
 * issue 135: "MaxListenersExceededWarning: 11 drain listeners added to [BrotliCompress]").
 * A client that goes away cancels the body at once, even while it waits for its next chunk.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Flushable) {
  const reader = body.getReader();
  let wake: (() => void) | undefined;
  const onDrain = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
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
      const next = await Promise.race([reader.read(), closed]);
      if (next === "closed" || res.destroyed) {
        await reader.cancel().catch(() => {});
        return;
      }
      if (next.done) {
        res.end();
        return;
      }
      const more = res.write(next.value);
      res.flush?.();
      if (!more && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    res.off("close", markClosed);
  }
}
