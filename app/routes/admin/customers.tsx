import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminCustomers() {
  return <h1 className="font-display text-3xl">Customers</h1>;
}
