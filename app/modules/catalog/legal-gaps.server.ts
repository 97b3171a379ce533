import { sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import {
  legalGapsText,
  missingLegalDetails,
  type SizeForLegal,
} from "../../domain/legal-metrology";
import { nextLotExpirySql } from "../inventory/sellable.server";

type LegalSize = Pick<SizeForLegal, "label" | "netQuantity" | "stockQuantity" | "nextExpiry">;

/**
 * A product's sizes on sale as the owner's flag reads them (docs/decisions/073): label, net
 * quantity, stock and the expiry of the batch that ships next, in the owner's order.
 */
export const legalSizesColumn = sql<LegalSize[]>`(
  select coalesce(json_agg(json_build_object(
    'label', v.label,
    'netQuantity', v.net_quantity,
    'stockQuantity', v.stock_quantity,
    'nextExpiry', ${nextLotExpirySql("v")}
  ) order by v.sort_order, v.id), '[]'::json)
  from product_variants v
  where v.product_id = ${products}.id and v.archived_at is null
)`;

/** "net quantity, best before (500 ml)": what the product's page cannot declare; null if nothing. */
export function legalGapsOf(sizes: readonly LegalSize[]): string | null {
  return legalGapsText(missingLegalDetails(sizes)) || null;
}
