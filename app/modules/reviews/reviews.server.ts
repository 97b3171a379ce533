import { and, desc, eq, sql } from "drizzle-orm";
import { orderItems, orders, profiles, reviews } from "../../../db/schema";
import type { ReviewInput } from "../../domain/validation/review";
import { type Executor, queryRows } from "../../lib/db.server";

export class ReviewError extends Error {}

/** Approved reviews, newest first, with the author's name (SPEC §7). */
export async function listApprovedReviews(executor: Executor, productId: string, limit = 50) {
  return executor
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      isVerifiedPurchase: reviews.isVerifiedPurchase,
      helpfulCount: reviews.helpfulCount,
      createdAt: reviews.createdAt,
      authorName: profiles.fullName,
    })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
}

/** Counts of approved reviews per star, 5 down to 1. */
export async function reviewSummary(executor: Executor, productId: string) {
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

/**
 * A new review waits for approval (DESIGN §6.3); it is marked as a verified purchase when the
 * author has a delivered order with the product. One review per customer and product.
 */
export async function submitReview(
  executor: Executor,
  input: ReviewInput & { productId: string; userId: string },
) {
  const [delivered] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orders.status, "delivered"),
        eq(orderItems.productId, input.productId),
      ),
    )
    .limit(1);
  const inserted = await executor
    .insert(reviews)
    .values({
      productId: input.productId,
      userId: input.userId,
      rating: input.rating,
      title: input.title || null,
      comment: input.comment,
      isApproved: false,
      isVerifiedPurchase: Boolean(delivered),
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (inserted.length === 0) throw new ReviewError("You have already reviewed this product");
  return inserted[0]!.id;
}
