import { data } from "react-router";
import { CreditNoteDocument } from "~/components/order/credit-note";
import { z } from "~/domain/zod";
import { requireAdmin } from "~/modules/accounts/session.server";
import { loadCreditNote } from "~/modules/gst-documents/credit-notes.server";
import type { Route } from "./+types/order-credit-note";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Credit Note ${loaderData.creditNote.number} | Satara Ayurveda`
      : "Credit Note | Admin | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "This credit note does not exist";
const ids = z.object({ orderId: z.uuid(), creditNoteId: z.uuid() });

/** A credit note of any order, as issued (docs/decisions/040); the same number on every print. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const parsed = ids.safeParse(params);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  const view = await loadCreditNote(
    context.services.db,
    parsed.data.orderId,
    parsed.data.creditNoteId,
  );
  if (!view) throw data(NOT_FOUND, { status: 404 });
  return view;
}

export default function AdminCreditNote({ loaderData }: Route.ComponentProps) {
  return (
    <CreditNoteDocument {...loaderData} back={{ href: "/admin/orders", label: "Back to orders" }} />
  );
}
