import { data, Link, redirect } from "react-router";
import { newsletterSchema } from "~/domain/validation/newsletter";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { toastHeaders } from "~/lib/toast.server";
import { subscribeFromForm } from "~/modules/content/newsletter.server";
import type { Route } from "./+types/newsletter";

export function loader() {
  return redirect("/");
}

async function refuse(message: string, status: number) {
  const headers = await toastHeaders({
    type: "error",
    title: "Subscription failed",
    description: message,
  });
  return data({ ok: false, message }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) {
    return refuse(parsed.error.issues[0]?.message ?? "Please enter a valid email address", 400);
  }
  const outcome = await subscribeFromForm(db(), parsed.data.email, context.clientIp);
  if (!outcome.ok) return refuse(outcome.message, 429);
  const headers = await toastHeaders({
    type: "success",
    title: "Subscribed!",
    description: "Thank you for subscribing to our wellness newsletter.",
  });
  return data({ ok: true, message: null }, { headers });
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
