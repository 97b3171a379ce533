import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/orders-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
}
