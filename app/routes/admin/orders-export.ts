import { formatIstSortable } from "~/domain/india-time";
import { parseAdminOrderQuery } from "~/domain/validation/order-admin";
import { requireAdmin } from "~/modules/accounts/session.server";
import { ordersCsvStream } from "~/modules/orders/orders-export.server";
import type { Route } from "./+types/orders-export";

/** The orders the list shows (same ?q= and ?status=, every page), as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const { q, status, shipment } = parseAdminOrderQuery(new URL(request.url).searchParams);
  const day = formatIstSortable(new Date()).slice(0, 10);
  return new Response(ordersCsvStream(context.services.db, { q, status, shipment }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
