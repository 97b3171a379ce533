import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/order-invoice";

export const meta: Route.MetaFunction = () => [{ title: "Invoice | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function OrderInvoice() {
  return <h1 className="font-display text-3xl">Invoice</h1>;
}
