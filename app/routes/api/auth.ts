import { redirect } from "react-router";
import { checkResetLink } from "~/modules/accounts/credentials.server";
import type { Route } from "./+types/auth";

/**
 * Better Auth's endpoints are not served over HTTP: the shop's own forms sign in, up and out and
 * reset passwords by calling its API on the server, with the shop's validation and rate limits.
 * The one address left is the password-reset link sent by e-mail (docs/decisions/012).
 */
const RESET_LINK = /^reset-password\/([^/]+)$/;

function notFound() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = RESET_LINK.exec(params["*"] ?? "")?.[1];
  if (token === undefined) return notFound();
  const outcome = await checkResetLink(context.services.accounts, token, context.clientIp);
  if (outcome.ok) return redirect(`/auth?token=${encodeURIComponent(token)}`);
  if (outcome.reason === "rate-limited") {
    return new Response(outcome.message, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return redirect("/auth?error=INVALID_TOKEN");
}

export function action() {
  return notFound();
}
