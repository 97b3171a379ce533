import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminProducts() {
  return <h1 className="font-display text-3xl">Products</h1>;
}
