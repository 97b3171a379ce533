import { getEnv } from "~/lib/env.server";
import { readText } from "~/lib/form-data.server";
import { handleMsg91DeliveryWebhook } from "~/modules/notifications/delivery-webhooks.server";
import type { Route } from "./+types/sms-delivery-webhook";

/** MSG91's delivery reports (docs/decisions/065): POST /api/webhooks/sms?token=MSG91_WEBHOOK_TOKEN. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const answer = await handleMsg91DeliveryWebhook(context.services.db, {
    expectedToken: getEnv().MSG91_WEBHOOK_TOKEN,
    givenToken: new URL(request.url).searchParams.get("token"),
    readBody: () => readText(request),
    contentType: request.headers.get("content-type"),
  });
  if (answer.status === 200) return Response.json({ recorded: answer.recorded });
  return Response.json({ error: answer.error }, { status: answer.status });
}
