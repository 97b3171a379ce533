import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminSettings() {
  return <h1 className="font-display text-3xl">Settings</h1>;
}
