import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminCategories() {
  return <h1 className="font-display text-3xl">Categories</h1>;
}
