import { getEnv } from "~/lib/env.server";
import { readText } from "~/lib/form-data.server";
import { handleCourierWebhook } from "~/workflows/courier-webhook.server";
import type { Route } from "./+types/courier-webhook";

/** A tracking update is a few kilobytes; the limit leaves room for a long list of scans. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * The courier's tracking webhook (docs/decisions/060). Its path names no courier: Shiprocket
 * refuses callback URLs containing "shiprocket", "kartrocket", "sr" or "kr".
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const expectedToken = getEnv().SHIPROCKET_WEBHOOK_TOKEN;
  const givenToken = request.headers.get("x-api-key");
  // The token is checked before the body is read, so a stranger's body is never read.
  const answer = await handleCourierWebhook(context.services.db, {
    expectedToken,
    givenToken,
    rawBody: expectedToken && givenToken ? await readText(request, MAX_WEBHOOK_BYTES) : "",
  });
  if (answer.status === 200) return Response.json({ status: answer.outcome });
  return Response.json({ error: answer.error }, { status: answer.status });
}
