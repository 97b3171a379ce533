import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminAuditLog() {
  return <h1 className="font-display text-3xl">Audit Log</h1>;
}
