import { data } from "react-router";
import { CreditNoteDocument } from "~/components/order/credit-note";
import { z } from "~/domain/zod";
import { requireUser } from "~/modules/accounts/session.server";
import { loadCreditNote } from "~/modules/gst-documents/credit-notes.server";
import type { Route } from "./+types/order-credit-note";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Credit Note ${loaderData.creditNote.number} | Satara Ayurveda`
      : "Credit Note | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "This credit note does not exist";
const ids = z.object({ orderId: z.uuid(), creditNoteId: z.uuid() });

/**
 * The customer's own credit note (docs/decisions/040). Another customer's, one of another order
 * and one that does not exist all answer the same 404, so nothing is learnt.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services.accounts, request);
  const parsed = ids.safeParse(params);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  const view = await loadCreditNote(
    context.services.db,
    parsed.data.orderId,
    parsed.data.creditNoteId,
    user.id,
  );
  if (!view) throw data(NOT_FOUND, { status: 404 });
  return view;
}

export default function CustomerCreditNote({ loaderData }: Route.ComponentProps) {
  return (
    <CreditNoteDocument
      {...loaderData}
      back={{ href: "/profile?tab=orders", label: "Back to my orders" }}
    />
  );
}
