import { readText } from "~/lib/form-data.server";
import { logger } from "~/lib/logger.server";
import { handleRazorpayWebhook, WebhookSignatureError } from "~/workflows/payment-webhook.server";
import type { Route } from "./+types/razorpay-webhook";

/** Razorpay's server-to-server notice; the signature over the raw body is the only credential. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const rawBody = await readText(request);
  try {
    const { outcome } = await handleRazorpayWebhook(
      context.services.db,
      context.services.payments.card(),
      {
        rawBody,
        signature: request.headers.get("x-razorpay-signature"),
        eventId: request.headers.get("x-razorpay-event-id"),
      },
    );
    return Response.json({ status: outcome });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn("razorpay webhook with an invalid signature refused");
      return Response.json({ error: "invalid signature" }, { status: 401 });
    }
    throw error;
  }
}
