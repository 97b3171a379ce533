import { count, desc, eq, type SQL, sql } from "drizzle-orm";
import { reviews } from "../../../db/schema";
import type { ProductStatus } from "../../domain/product-status";
import { AppError } from "../../lib/app-error";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import type { PersonNaming } from "../../lib/person-naming.server";
import { recordAudit } from "../audit/audit.server";
import { joinProduct, lockProduct, productLabelColumns } from "../catalog/product-lookups.server";
import { refreshProductRatings } from "../catalog/ratings.server";

export const REVIEWS_PAGE_SIZE = 20;

export class ReviewAdminError extends AppError {}

export type ReviewStatusFilter = "all" | "pending" | "approved";

export type AdminReview = {
  id: string;
  productId: string;
  productName: string;
  productSlug: string;
  /** Whether the product's page is in the shop (docs/decisions/022). */
  productStatus: ProductStatus;
  authorName: string | null;
  authorEmail: string | null;
  rating: number;
  title: string | null;
  comment: string;
  isApproved: boolean;
  isVerifiedPurchase: boolean;
  createdAt: Date;
};

function statusCondition(status: ReviewStatusFilter): SQL | undefined {
  if (status === "pending") return eq(reviews.isApproved, false);
  if (status === "approved") return eq(reviews.isApproved, true);
  return undefined;
}

/** Every review, newest first, with the product's name and the author's (docs/SPEC.md §7 Admin). */
export async function listReviewsForAdmin(
  executor: Executor,
  personNaming: PersonNaming,
  options: { page?: number; pageSize?: number; status?: ReviewStatusFilter } = {},
) {
  const pageSize = options.pageSize ?? REVIEWS_PAGE_SIZE;
  const where = statusCondition(options.status ?? "all");
  const [counted] = await executor.select({ total: count() }).from(reviews).where(where);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), pageCount);
  const author = personNaming(reviews.userId);
  const listed = executor
    .select({
      id: reviews.id,
      productId: reviews.productId,
      ...productLabelColumns,
      authorName: author.fullName,
      authorEmail: author.email,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      isApproved: reviews.isApproved,
      isVerifiedPurchase: reviews.isVerifiedPurchase,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .leftJoinLateral(author.lateral, sql`true`)
    .$dynamic();
  const rows: AdminReview[] = await joinProduct(listed, reviews.productId)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { reviews: rows, total, page, pageCount };
}

/**
 * Locks the review's product and then the review, in the order a product's deletion takes them, so
 * the rating recomputed afterwards sees every moderation committed before it.
 */
async function lockReview(tx: Transaction, id: string) {
  const [found] = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!found) throw new ReviewAdminError("This review no longer exists");
  await lockProduct(tx, found.productId);
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  if (!review) throw new ReviewAdminError("This review no longer exists");
  return review;
}

/**
 * Approve (true) or reject (false) a review. The product's rating and review count follow in the
 * same transaction, with an audit entry. Asking for the state a review already has changes nothing
 * and records nothing; `changed` says which happened.
 */
export async function setReviewApproval(
  database: Database,
  actorId: string,
  id: string,
  approved: boolean,
) {
  return database.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (review.isApproved === approved) return { changed: false, review };
    const [updated] = await tx
      .update(reviews)
      .set({ isApproved: approved })
      .where(eq(reviews.id, id))
      .returning();
    await refreshProductRatings(tx, [review.productId]);
    await recordAudit(tx, {
      actorId,
      action: approved ? "approve" : "reject",
      entity: "review",
      entityId: id,
      changes: {
        before: { isApproved: review.isApproved },
        after: { isApproved: approved },
        productId: review.productId,
      },
    });
    return { changed: true, review: updated! };
  });
}

/** Deletes a review for good; the product's rating and review count follow. */
export async function deleteReview(database: Database, actorId: string, id: string) {
  return database.transaction(async (tx) => {
    await lockReview(tx, id);
    const [deleted] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
    if (!deleted) throw new ReviewAdminError("This review no longer exists");
    await refreshProductRatings(tx, [deleted.productId]);
    await recordAudit(tx, {
      actorId,
      action: "delete",
      entity: "review",
      entityId: id,
      changes: { before: deleted },
    });
    return deleted;
  });
}
