import { Link, redirect } from "react-router";
import { newsletterSchema } from "~/domain/validation/newsletter";
import { actionFailure, actionSuccess, refusal } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import type { Signer } from "~/lib/signer.server";
import { subscribeFromForm } from "~/modules/content/newsletter.server";
import type { Route } from "./+types/newsletter";

export function loader() {
  return redirect("/");
}

/** The page shown without JavaScript repeats the message, so the body carries it too. */
function refuse(signer: Signer, message: string, status: number) {
  return actionFailure(signer, refusal(message, { status, title: "Subscription failed" }), {
    message,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) {
    return refuse(
      context.services.signer,
      parsed.error.issues[0]?.message ?? "Please enter a valid email address",
      400,
    );
  }
  const outcome = await subscribeFromForm(context.services.db, parsed.data.email, context.clientIp);
  if (!outcome.ok) return refuse(context.services.signer, outcome.message, 429);
  return actionSuccess(
    context.services.signer,
    {
      type: "success",
      title: "Subscribed!",
      description: "Thank you for subscribing to our wellness newsletter.",
    },
    { message: null },
  );
}

/** Shown only when the form was posted without JavaScript. */
export default function NewsletterResult({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl">
        {actionData?.ok
          ? "Thank you for subscribing!"
          : (actionData?.message ?? "Please enter a valid email address")}
      </h1>
      <Link to="/" className="mt-6 inline-block text-primary underline">
        Return to Home
      </Link>
    </section>
  );
}
