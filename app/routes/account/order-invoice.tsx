import { data } from "react-router";
import { TaxInvoiceDocument } from "~/components/order/tax-invoice";
import { z } from "~/domain/zod";
import { requireUser } from "~/modules/accounts/session.server";
import { loadInvoice } from "~/modules/gst-documents/invoices.server";
import type { Route } from "./+types/order-invoice";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Invoice ${loaderData.invoice.number} | Satara Ayurveda`
      : "Invoice | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "This invoice does not exist";

/**
 * The customer's own tax invoice, once the shop has issued it. Another customer's order, one not
 * invoiced yet and one that does not exist all answer the same 404, so nothing is learnt.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services.accounts, request);
  const orderId = z.uuid().safeParse(params.orderId);
  if (!orderId.success) throw data(NOT_FOUND, { status: 404 });
  const view = await loadInvoice(context.services.db, orderId.data, user.id);
  if (!view?.invoice) throw data(NOT_FOUND, { status: 404 });
  return { order: view.order, invoice: view.invoice };
}

export default function CustomerOrderInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <TaxInvoiceDocument
      order={loaderData.order}
      invoice={loaderData.invoice}
      back={{ href: "/profile?tab=orders", label: "Back to my orders" }}
    />
  );
}
