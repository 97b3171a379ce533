import { data } from "react-router";
import { GSTR1_FILES, type Gstr1FileName, parseMonth } from "~/domain/gstr1";
import { requireAdmin } from "~/modules/accounts/session.server";
import { gstr1Csv } from "~/modules/gst-documents/gstr1-export.server";
import type { Route } from "./+types/gst-returns-export";

/** /admin/gst-returns/2026-11/b2cs.csv: one GSTR-1 file of the month, as a download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const month = parseMonth(params.month);
  const name = /^([a-z0-9]+)\.csv$/.exec(params.file)?.[1];
  if (!month || !name || !GSTR1_FILES.includes(name as Gstr1FileName)) {
    throw data("There is no such GST return file", { status: 404 });
  }
  const csv = await gstr1Csv(context.services.db, month, name as Gstr1FileName);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="GSTR1-${params.month}-${name}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
