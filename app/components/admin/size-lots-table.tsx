import { Link } from "react-router";
import { LotActions, type LotFormState } from "~/components/admin/lot-actions";
import { Badge } from "~/components/ui/badge";
import { formatLabelMonth, LOT_STATUS_LABELS, type LotStatus } from "~/domain/batch-labels";
import { formatIstDate } from "~/domain/india-time";

const STATUS_TONE: Record<LotStatus, "success" | "warning" | "destructive"> = {
  sellable: "success",
  "near-expiry": "warning",
  expired: "destructive",
  held: "destructive",
};

export type LotRow = {
  id: string;
  batchNumber: string | null;
  manufacturedOn: string | null;
  expiresOn: string | null;
  quantityReceived: number;
  quantityLeft: number;
  receivedAt: Date | string;
  status: LotStatus;
};

/**
 * A size's lots, the opening stock first, each with its dates, what is left, its status and its
 * Adjust and Write off forms; a batch links to its recall page.
 */
export function SizeLotsTable({
  sizeName,
  lots,
  stateOf,
}: {
  sizeName: string;
  lots: readonly LotRow[];
  stateOf: (form: string) => LotFormState | undefined;
}) {
  return lots.length === 0 ? (
    <p className="text-muted-foreground">No stock recorded for this size.</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Lots of {sizeName}</caption>
        <thead className="border-border border-b text-muted-foreground">
          <tr>
            {["Batch", "Manufactured", "Expires", "Received", "Left", "Status", "Actions"].map(
              (heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-medium">
                  {heading}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const name = lot.batchNumber ? `batch ${lot.batchNumber}` : "opening stock";
            return (
              <tr key={lot.id} className="border-border border-b align-top last:border-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  {lot.batchNumber ? (
                    <Link
                      to={`/admin/batches/${encodeURIComponent(lot.batchNumber)}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {lot.batchNumber}
                    </Link>
                  ) : (
                    "Opening stock"
                  )}
                </th>
                <td className="px-3 py-2">{formatLabelMonth(lot.manufacturedOn)}</td>
                <td className="px-3 py-2">{formatLabelMonth(lot.expiresOn)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {lot.quantityReceived} on {formatIstDate(lot.receivedAt)}
                </td>
                <td className="px-3 py-2 tabular-nums">{lot.quantityLeft}</td>
                <td className="px-3 py-2">
                  <Badge variant={STATUS_TONE[lot.status]}>{LOT_STATUS_LABELS[lot.status]}</Badge>
                </td>
                <td className="px-3 py-2">
                  <LotActions
                    lotId={lot.id}
                    name={name}
                    quantityLeft={lot.quantityLeft}
                    adjust={stateOf(`adjust:${lot.id}`)}
                    writeOff={stateOf(`write-off:${lot.id}`)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
