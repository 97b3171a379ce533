import { data } from "react-router";
import { batchParamSchema } from "~/domain/validation/stock-lots";
import { requireAdmin } from "~/modules/accounts/session.server";
import { recallCsv } from "~/modules/orders/recall-csv.server";
import type { Route } from "./+types/batch-recall-export";

/** The recall list of a batch as a CSV download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const parsed = batchParamSchema.safeParse(params);
  if (!parsed.success) throw data("No batch has this number", { status: 404 });
  const batch = parsed.data.batch;
  return new Response(await recallCsv(context.services.db, batch), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="recall-${batch.replace(/[^A-Za-z0-9.-]/g, "-")}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
