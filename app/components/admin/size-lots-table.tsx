import { Link } from "react-router";
import { LotActions, type LotFormState } from "~/components/admin/lot-actions";
import { StackedCell, StackedRow, StackedTable } from "~/components/admin/stacked-table";
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
  return (
    <StackedTable
      caption={`Lots of ${sizeName}`}
      headings={["Batch", "Manufactured", "Expires", "Received", "Left", "Status", "Actions"]}
      rowCount={lots.length}
      emptyText="No stock recorded for this size."
    >
      {lots.map((lot) => {
        const name = lot.batchNumber ? `batch ${lot.batchNumber}` : "opening stock";
        return (
          <StackedRow key={lot.id}>
            <StackedCell label="Batch" header>
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
            </StackedCell>
            <StackedCell label="Manufactured">{formatLabelMonth(lot.manufacturedOn)}</StackedCell>
            <StackedCell label="Expires">{formatLabelMonth(lot.expiresOn)}</StackedCell>
            <StackedCell label="Received" className="lg:whitespace-nowrap">
              {lot.quantityReceived} on {formatIstDate(lot.receivedAt)}
            </StackedCell>
            <StackedCell label="Left" className="tabular-nums">
              {lot.quantityLeft}
            </StackedCell>
            <StackedCell label="Status">
              <Badge variant={STATUS_TONE[lot.status]}>{LOT_STATUS_LABELS[lot.status]}</Badge>
            </StackedCell>
            <StackedCell label="Actions" wide>
              <LotActions
                lotId={lot.id}
                name={name}
                quantityLeft={lot.quantityLeft}
                adjust={stateOf(`adjust:${lot.id}`)}
                writeOff={stateOf(`write-off:${lot.id}`)}
              />
            </StackedCell>
          </StackedRow>
        );
      })}
    </StackedTable>
  );
}
