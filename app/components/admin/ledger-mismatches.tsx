import { Link } from "react-router";
import { sizedName } from "~/domain/pack-sizes";
import type { LedgerMismatch } from "~/modules/inventory/ledger-check.server";

/**
 * The stock check's finding (docs/decisions/059), shown only when it finds something: each size
 * whose lots, ledger or sellable figure disagree, named, with the figures that differ.
 */
export function LedgerMismatches({ mismatches }: { mismatches: readonly LedgerMismatch[] }) {
  return (
    <section
      aria-labelledby="stock-check-heading"
      className="rounded-md border border-destructive p-4"
    >
      <h2 id="stock-check-heading" className="font-display font-semibold text-destructive text-lg">
        Stock check: lots and ledger disagree
      </h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {mismatches.map((row) => (
          <li key={row.variantId}>
            <Link
              to={`/admin/products/${row.productId}/lots`}
              className="font-medium text-primary underline underline-offset-4"
            >
              {sizedName(row.productName, row.sizeLabel)}
            </Link>{" "}
            (SKU {row.sku}): lots hold {row.onHand}, the ledger says {row.ledger}
            {row.lotsOff > 0 ? `, ${row.lotsOff} lots off their movements` : ""}; stock shown{" "}
            {row.stockQuantity}, sellable {row.sellable}
          </li>
        ))}
      </ul>
    </section>
  );
}
