import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";

/**
 * An order held on a recalled batch (docs/decisions/067): it cannot be shipped until the hold is
 * lifted or the order cancelled. Links to the batch's page.
 */
export function RecallHoldBadge({ batches }: { batches: readonly string[] }) {
  return (
    <Link to={`/admin/batches/${encodeURIComponent(batches[0]!)}`} className="mt-1 inline-block">
      <Badge variant="destructive" className="whitespace-normal! text-left">
        Needs attention: batch {batches.join(", ")} recalled
      </Badge>
    </Link>
  );
}
