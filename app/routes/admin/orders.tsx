import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminOrders() {
  return <h1 className="font-display text-3xl">Orders</h1>;
}
