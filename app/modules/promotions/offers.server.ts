import { and, desc, gt, isNull, or, sql } from "drizzle-orm";
import { coupons } from "../../../db/schema";
import { PAGE_TAGS } from "../../domain/page-cache-rules";
import type { Executor } from "../../lib/db.server";
import { pageFreshUntil, pageShows } from "../../lib/page-dependencies.server";

export type Offer = {
  id: string;
  code: string;
  discountType: "percentage" | "fixed";
  discountValue: number;
  maxDiscount: number | null;
  minOrderValue: number | null;
  usageLimit: number | null;
  usedCount: number;
  expiresAt: Date | null;
};

/** How many offers the home page shows (docs/SPEC.md §2). */
export const HOME_OFFER_COUNT = 3;

/** docs/SPEC.md §2/§5: up to 3 active coupons that have not expired (no expiry means valid), newest first. */
export async function listActiveOffers(executor: Executor, limit = 3): Promise<Offer[]> {
  pageShows(PAGE_TAGS.offers);
  const offers = await executor
    .select({
      id: coupons.id,
      code: coupons.code,
      discountType: coupons.discountType,
      discountValue: coupons.discountValue,
      maxDiscount: coupons.maxDiscount,
      minOrderValue: coupons.minOrderValue,
      usageLimit: coupons.usageLimit,
      usedCount: coupons.usedCount,
      expiresAt: coupons.expiresAt,
    })
    .from(coupons)
    .where(
      and(
        sql`${coupons.isActive}`,
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
  // A page showing an offer is out of date once it expires.
  for (const offer of offers) if (offer.expiresAt) pageFreshUntil(offer.expiresAt);
  return offers;
}
