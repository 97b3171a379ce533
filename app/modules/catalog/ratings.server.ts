import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/db.server";

/**
 * docs/DESIGN.md §5: a product's rating and review_count are derived from its approved reviews.
 * Pass product ids to refresh those, or nothing to refresh every product (seeding).
 */
export async function refreshProductRatings(executor: Executor, productIds?: string[]) {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`where p2.id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  await executor.execute(sql`
    update products p set
      rating = s.avg_rating,
      review_count = s.review_count
    from (
      select p2.id,
        coalesce((select round(avg(r.rating)::numeric, 2) from reviews r
                  where r.product_id = p2.id and r.is_approved), 0) as avg_rating,
        (select count(*)::int from reviews r where r.product_id = p2.id and r.is_approved) as review_count
      from products p2 ${only}
    ) s
    where p.id = s.id
  `);
}
