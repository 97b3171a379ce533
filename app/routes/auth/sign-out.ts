import { redirect } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { signOut } from "~/modules/accounts/credentials.server";
import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect("/");
}

/** docs/SPEC.md §2: 'Sign Out' shows 'See you soon' and goes to /. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context.services.accounts, request);
  return redirectWithToast(
    context.services.signer,
    "/",
    { type: "success", title: "See you soon" },
    { headers },
  );
}
