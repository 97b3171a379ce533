import { offersVersion } from "~/domain/offers-version";
import { COUPONS_CHANGED } from "~/lib/live-events.server";
import { logger } from "~/lib/logger.server";
import { HOME_OFFER_COUNT, listActiveOffers } from "~/modules/promotions/offers.server";
import type { Route } from "./+types/offer-events";

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the home page's special offers: one "coupons" message whenever any
 * coupon changes (docs/SPEC.md §4: the list refreshes live). Public, like the offers themselves.
 * Once listening, it sends the current offers' version: a page rendered before a change it never
 * heard of (it loaded meanwhile, or was reconnecting) sees the difference and refreshes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The response stream was closed under us (the visitor left); a heartbeat must not
          // throw from a timer, which would take the whole process down.
          end();
        }
      };
      const unsubscribe = await context.services.live.subscribe(COUPONS_CHANGED, () =>
        send("event: coupons\ndata: changed\n\n"),
      );
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        forget();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      const forget = context.services.live.onClose(end);
      cleanup = end;
      request.signal.addEventListener("abort", end, { once: true });
      send("retry: 5000\n: connected\n\n");
      try {
        const version = offersVersion(
          await listActiveOffers(context.services.db, HOME_OFFER_COUNT),
        );
        send(`event: version\ndata: ${version}\n\n`);
      } catch (error) {
        // The page keeps what it shows and still hears the next change.
        logger.warn({ err: error }, "live offers: could not read the current offers");
      }
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
