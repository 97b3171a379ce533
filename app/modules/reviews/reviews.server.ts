import { and, desc, eq, sql } from "drizzle-orm";
import { reviews } from "../../../db/schema";
import { productTag } from "../../domain/page-cache-rules";
import type { ReviewInput } from "../../domain/validation/review";
import { AppError } from "../../lib/app-error";
import { type Database, type Executor, queryRows } from "../../lib/db.server";
import { pageShows } from "../../lib/page-dependencies.server";
import type { PersonNaming } from "../../lib/person-naming.server";
import { storefrontMemo } from "../../lib/storefront-memo.server";

/** docs/SPEC.md §8: shown under 'Failed to submit review'. */
export class ReviewError extends AppError {
  constructor(message: string) {
    super(message, { status: 409, title: "Failed to submit review" });
  }
}

/** Approved reviews, newest first, with the author's name (docs/SPEC.md §7). */
export async function listApprovedReviews(
  executor: Executor,
  personNaming: PersonNaming,
  productId: string,
  limit = 50,
) {
  pageShows(productTag(productId));
  const author = personNaming(reviews.userId);
  return executor
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      isVerifiedPurchase: reviews.isVerifiedPurchase,
      helpfulCount: reviews.helpfulCount,
      createdAt: reviews.createdAt,
      authorName: author.fullName,
    })
    .from(reviews)
    .leftJoinLateral(author.lateral, sql`true`)
    .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
}

/** Counts of approved reviews per star, 5 down to 1. */
export async function reviewSummary(executor: Executor, productId: string) {
  pageShows(productTag(productId));
  const rows = await queryRows<{ rating: number; count: number }>(
    executor,
    sql`select rating::int as rating, count(*)::int as count from reviews
        where product_id = ${productId} and is_approved group by rating`,
  );
  const counts = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: Number(rows.find((row) => Number(row.rating) === stars)?.count ?? 0),
  }));
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return counts.map((row) => ({
    ...row,
    percent: total ? Math.round((row.count / total) * 100) : 0,
  }));
}

export type ProductReviews = {
  list: Awaited<ReturnType<typeof listApprovedReviews>>;
  summary: Awaited<ReturnType<typeof reviewSummary>>;
};

/** A product page's reviews, kept in memory until one of them changes (docs/decisions/036). */
const pageReviews = storefrontMemo<ProductReviews>(1_000);

/** The approved reviews and their summary that a product page shows. */
export function reviewsForPage(
  db: Database,
  personNaming: PersonNaming,
  productId: string,
): Promise<ProductReviews> {
  return pageReviews.read(productId, async () => {
    const [list, summary] = await Promise.all([
      listApprovedReviews(db, personNaming, productId),
      reviewSummary(db, productId),
    ]);
    return { value: { list, summary }, tags: [productTag(productId)] };
  });
}

/** A new review, waiting for approval; refused when the customer has reviewed the product. */
export async function addReview(
  executor: Executor,
  input: ReviewInput & { productId: string; userId: string; isVerifiedPurchase: boolean },
) {
  const inserted = await executor
    .insert(reviews)
    .values({
      productId: input.productId,
      userId: input.userId,
      rating: input.rating,
      title: input.title || null,
      comment: input.comment,
      isApproved: false,
      isVerifiedPurchase: input.isVerifiedPurchase,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (inserted.length === 0) throw new ReviewError("You have already reviewed this product");
  return inserted[0]!.id;
}
