import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminReviews() {
  return <h1 className="font-display text-3xl">Reviews</h1>;
}
