import { getEnv } from "~/lib/env.server";
import { readText } from "~/lib/form-data.server";
import {
  answerWhatsAppVerification,
  handleWhatsAppWebhook,
} from "~/modules/notifications/delivery-webhooks.server";
import type { Route } from "./+types/whatsapp-webhook";

/** Meta checks the callback URL once, when the owner subscribes it in the app's dashboard. */
export function loader({ request }: Route.LoaderArgs) {
  const answer = answerWhatsAppVerification(
    getEnv().WHATSAPP_VERIFY_TOKEN,
    new URL(request.url).searchParams,
  );
  if (answer.status === 200) {
    return new Response(answer.challenge, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return Response.json({ error: answer.error }, { status: answer.status });
}

/** The Cloud API's status updates of the messages the shop sent (docs/decisions/065). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const answer = await handleWhatsAppWebhook(context.services.db, {
    appSecret: getEnv().WHATSAPP_APP_SECRET,
    signature: request.headers.get("x-hub-signature-256"),
    rawBody: await readText(request),
  });
  if (answer.status === 200) return Response.json({ recorded: answer.recorded });
  return Response.json({ error: answer.error }, { status: answer.status });
}
