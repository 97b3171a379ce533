import { redirect } from "react-router";
import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
