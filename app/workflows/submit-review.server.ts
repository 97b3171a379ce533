import type { ReviewInput } from "../domain/validation/review";
import type { Executor } from "../lib/db.server";
import { hasDeliveredOrderWith } from "../modules/orders/delivered-purchase.server";
import { addReview } from "../modules/reviews/reviews.server";

/**
 * A new review waits for approval (docs/DESIGN.md §6.3); it is marked as a verified purchase when the
 * author has a delivered order with the product, which the orders area knows and reviews may not
 * ask. One review per customer and product.
 */
export async function submitReview(
  executor: Executor,
  input: ReviewInput & { productId: string; userId: string },
) {
  const isVerifiedPurchase = await hasDeliveredOrderWith(executor, input.userId, input.productId);
  return addReview(executor, { ...input, isVerifiedPurchase });
}
