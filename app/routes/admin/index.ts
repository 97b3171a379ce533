import { redirect } from "react-router";
import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  return redirect("/admin/dashboard");
}
