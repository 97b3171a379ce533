import { data } from "react-router";
import { PackingSlipDocument } from "~/components/order/packing-slip";
import { z } from "~/domain/zod";
import { requireAdmin } from "~/modules/accounts/session.server";
import { loadPackingSlip } from "~/modules/gst-documents/packing-slips.server";
import type { Route } from "./+types/order-packing-slip";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Packing Slip ${loaderData.order.orderNumber} | Satara Ayurveda`
      : "Packing Slip | Admin | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "This order does not exist";

/** The printable packing slip of any order (docs/decisions/059). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const parsed = z.uuid().safeParse(params.orderId);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  const view = await loadPackingSlip(context.services.db, parsed.data);
  if (!view) throw data(NOT_FOUND, { status: 404 });
  return view;
}

export default function AdminPackingSlip({ loaderData }: Route.ComponentProps) {
  return (
    <PackingSlipDocument
      {...loaderData}
      back={{ href: "/admin/orders", label: "Back to orders" }}
    />
  );
}
