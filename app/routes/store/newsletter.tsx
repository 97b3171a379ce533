import { data, Link, redirect } from "react-router";
import { newsletterSchema } from "~/domain/validation/newsletter";
import { db } from "~/lib/db.server";
import { toastHeaders } from "~/lib/toast.server";
import { subscribeToNewsletter } from "~/modules/content/newsletter.server";
import type { Route } from "./+types/newsletter";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    const headers = await toastHeaders({
      type: "error",
      title: "Subscription failed",
      description: message,
    });
    return data({ ok: false }, { status: 400, headers });
  }
  await subscribeToNewsletter(db(), parsed.data.email);
  const headers = await toastHeaders({
    type: "success",
    title: "Subscribed!",
    description: "Thank you for subscribing to our wellness newsletter.",
  });
  return data({ ok: true }, { headers });
}

/** Shown only when the form was posted without JavaScript. */
export default function NewsletterResult({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl">
        {actionData?.ok ? "Thank you for subscribing!" : "Please enter a valid email address"}
      </h1>
      <Link to="/" className="mt-6 inline-block text-primary underline">
        Return to Home
      </Link>
    </section>
  );
}
