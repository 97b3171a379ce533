import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { confirmAddedEmailSchema } from "~/domain/validation/mobile-sign-in";
import { actionFailure, refusal } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ADDED_EMAIL_LINK_EXPIRED, confirmAddedEmail } from "~/modules/accounts/add-email.server";
import type { Route } from "./+types/profile-email";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your e-mail address | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

const NOT_ADDED = "E-mail address not added";

/**
 * The link mailed to an address a mobile-only customer added (docs/decisions/062). Opening it
 * changes nothing (mail scanners open links); the button confirms.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = confirmAddedEmailSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return actionFailure(
      context.services.signer,
      refusal(ADDED_EMAIL_LINK_EXPIRED, { title: NOT_ADDED }),
    );
  }
  const outcome = await confirmAddedEmail(context.services.accounts, parsed.data.token);
  if (!outcome.ok) {
    return redirectWithToast(context.services.signer, "/profile/mobile", {
      type: "error",
      title: NOT_ADDED,
      description: outcome.message,
    });
  }
  return redirectWithToast(context.services.signer, "/profile", {
    type: "success",
    title: "E-mail address added",
    description: `You can now sign in with ${outcome.email} and your password, or with your mobile number.`,
  });
}

export default function ProfileEmailPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-secondary px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="font-display font-semibold text-2xl">Confirm your e-mail address</h1>
          <CardDescription>Add this address to your account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" disabled={busy}>
              {busy ? "Confirming..." : "Confirm E-mail Address"}
            </Button>
          </Form>
          <Link to="/" className="text-primary text-sm underline-offset-4 hover:underline">
            ← Back to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
