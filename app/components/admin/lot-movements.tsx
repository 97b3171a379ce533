import { Link } from "react-router";
import { StackedCell, StackedRow, StackedTable } from "~/components/admin/stacked-table";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatIstDateTime } from "~/domain/india-time";

export type LotMovementRow = {
  id: string;
  label: string;
  quantity: number;
  at: Date | string;
  order: { id: string; orderNumber: string } | null;
  who: string | null;
  note: string | null;
};

/** "+10" into the lot, "−2" out of it (a minus sign, as figures are printed). */
function signed(quantity: number) {
  return quantity > 0 ? `+${quantity}` : `−${-quantity}`;
}

/**
 * One lot's ledger on its batch's page (docs/decisions/075): each movement, newest first, with
 * when, what, how many, the order and who; at most the newest hundred, saying how many in all.
 */
export function LotMovements({
  sizeName,
  batch,
  movements,
  count,
}: {
  sizeName: string;
  batch: string;
  movements: readonly LotMovementRow[];
  count: number;
}) {
  const headingId = `movements-${movements[0]?.id ?? sizeName}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <h2 id={headingId} className="font-semibold text-lg">
            Movements of {sizeName}
          </h2>
          <p className="text-muted-foreground text-sm">
            {count > movements.length
              ? `The newest ${movements.length} of ${count} movements of batch ${batch}.`
              : `Every movement of batch ${batch}, newest first.`}
          </p>
        </CardHeader>
        <CardContent>
          <StackedTable
            caption={`Movements of ${sizeName}, batch ${batch}`}
            headings={["Date", "Movement", "Quantity", "Order", "Who"]}
            rowCount={movements.length}
            emptyText="No movement recorded."
          >
            {movements.map((move) => (
              <StackedRow key={move.id}>
                <StackedCell label="Date" header className="font-normal lg:whitespace-nowrap">
                  {formatIstDateTime(move.at)}
                </StackedCell>
                <StackedCell label="Movement">
                  {move.label}
                  {move.note ? (
                    <span className="block text-muted-foreground text-xs">{move.note}</span>
                  ) : null}
                </StackedCell>
                <StackedCell label="Quantity" className="tabular-nums">
                  {signed(move.quantity)}
                </StackedCell>
                <StackedCell label="Order">
                  {move.order ? (
                    <Link
                      to={`/admin/orders?view=${move.order.id}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {move.order.orderNumber}
                    </Link>
                  ) : (
                    "—"
                  )}
                </StackedCell>
                <StackedCell label="Who">{move.who ?? "—"}</StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </CardContent>
      </section>
    </Card>
  );
}
