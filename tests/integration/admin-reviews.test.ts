import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import {
  deleteReview,
  listReviewsForAdmin,
  ReviewAdminError,
  setReviewApproval,
} from "~/modules/reviews/reviews-admin.server";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/admin/reviews";
import { auditLog, products, reviews } from "../../db/schema";
import { callRouteAt, createAdmin, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let adminId: string;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  await wireApp(handle.db);
  adminId = (await insertProfile(handle.db, { fullName: "Owner" }, { admin: true })).id;
});
afterAll(() => handle.close());

async function productWithReviews(ratings: { rating: number; approved: boolean }[]) {
  const [product] = await insertProducts(handle.db, [{ name: "Ashwagandha Tablet" }]);
  const ids: string[] = [];
  for (const { rating, approved } of ratings) {
    const author = await insertProfile(handle.db, { fullName: "Reviewer" });
    const [row] = await handle.db
      .insert(reviews)
      .values({
        productId: product!.id,
        userId: author.id,
        rating,
        comment: `Rated ${rating}`,
        isApproved: approved,
      })
      .returning();
    ids.push(row!.id);
  }
  return { productId: product!.id, reviewIds: ids };
}

async function ratingOf(productId: string) {
  const [row] = await handle.db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

async function auditFor(reviewId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "review"), eq(auditLog.entityId, reviewId)));
}

describe(`review moderation on ${DATABASE_KIND}`, () => {
  it("approving counts the review in the product's rating, with an audit entry", async () => {
    const { productId, reviewIds } = await productWithReviews([
      { rating: 5, approved: true },
      { rating: 2, approved: false },
    ]);
    const [, pending] = reviewIds;
    // The stored aggregate starts from whatever was there; the first moderation sets it right.
    const result = await setReviewApproval(handle.db, adminId, pending!, true);
    expect(result.changed).toBe(true);
    expect(await ratingOf(productId)).toEqual({ rating: 3.5, reviewCount: 2 });
    const [entry] = await auditFor(pending!);
    expect(entry).toMatchObject({ actorId: adminId, action: "approve", entity: "review" });
    expect(entry?.changes).toEqual({
      before: { isApproved: false },
      after: { isApproved: true },
      productId,
    });
  });

  it("rejecting takes it out of the rating again; a repeated request changes nothing", async () => {
    const { productId, reviewIds } = await productWithReviews([
      { rating: 4, approved: true },
      { rating: 1, approved: true },
    ]);
    await setReviewApproval(handle.db, adminId, reviewIds[0]!, true); // already approved
    expect(await auditFor(reviewIds[0]!)).toHaveLength(0);
    await setReviewApproval(handle.db, adminId, reviewIds[1]!, false);
    expect(await ratingOf(productId)).toEqual({ rating: 4, reviewCount: 1 });
    const again = await setReviewApproval(handle.db, adminId, reviewIds[1]!, false);
    expect(again.changed).toBe(false);
    expect((await auditFor(reviewIds[1]!)).map((e) => e.action)).toEqual(["reject"]);
  });

  it("deleting removes the review and its share of the rating, keeping it in the audit log", async () => {
    const { productId, reviewIds } = await productWithReviews([
      { rating: 5, approved: true },
      { rating: 3, approved: true },
      { rating: 4, approved: true },
    ]);
    await deleteReview(handle.db, adminId, reviewIds[1]!);
    expect(await ratingOf(productId)).toEqual({ rating: 4.5, reviewCount: 2 });
    await deleteReview(handle.db, adminId, reviewIds[0]!);
    await deleteReview(handle.db, adminId, reviewIds[2]!);
    expect(await ratingOf(productId)).toEqual({ rating: 0, reviewCount: 0 });
    const [entry] = await auditFor(reviewIds[1]!);
    expect(entry).toMatchObject({ action: "delete" });
    expect(entry?.changes).toMatchObject({ before: { rating: 3, comment: "Rated 3" } });
    await expect(deleteReview(handle.db, adminId, reviewIds[1]!)).rejects.toThrow(
      new ReviewAdminError("This review no longer exists"),
    );
    await expect(setReviewApproval(handle.db, adminId, reviewIds[1]!, true)).rejects.toThrow(
      ReviewAdminError,
    );
  });

  it("keeps the count right when many reviews of one product are approved at once", async () => {
    const { productId, reviewIds } = await productWithReviews(
      Array.from({ length: 8 }, (_, i) => ({ rating: (i % 5) + 1, approved: false })),
    );
    await Promise.all(reviewIds.map((id) => setReviewApproval(handle.db, adminId, id, true)));
    // 1+2+3+4+5+1+2+3 = 21 over 8 = 2.625, kept to two decimals.
    expect(await ratingOf(productId)).toEqual({ rating: 2.63, reviewCount: 8 });
  });

  it("lists every review newest first with product and author, filtered by status", async () => {
    const all = await listReviewsForAdmin(handle.db, profileNaming, { pageSize: 100 });
    expect(all.total).toBeGreaterThan(5);
    const times = all.reviews.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.reviews[0]).toMatchObject({ productName: "Ashwagandha Tablet" });
    const pending = await listReviewsForAdmin(handle.db, profileNaming, {
      status: "pending",
      pageSize: 100,
    });
    expect(pending.reviews.every((r) => !r.isApproved)).toBe(true);
    const approved = await listReviewsForAdmin(handle.db, profileNaming, {
      status: "approved",
      pageSize: 100,
    });
    expect(approved.total + pending.total).toBe(all.total);
    const paged = await listReviewsForAdmin(handle.db, profileNaming, { pageSize: 2, page: 2 });
    expect(paged.reviews.map((r) => r.id)).toEqual(all.reviews.slice(2, 4).map((r) => r.id));
  });

  it("answers the route's actions with the toasts of docs/SPEC.md §8", async () => {
    const admin = await createAdmin(handle.db);
    const { productId, reviewIds } = await productWithReviews([{ rating: 4, approved: false }]);
    const id = reviewIds[0]!;
    const post = (intent: string, reviewId = id) =>
      callRouteAt(reviewsAction, "/admin/reviews", admin.cookies, { intent, id: reviewId });

    const approved = await post("approve");
    expect(approved).toMatchObject({ status: 200, toast: { title: "Review approved" } });
    expect(await ratingOf(productId)).toEqual({ rating: 4, reviewCount: 1 });
    const rejected = await post("reject");
    expect(rejected).toMatchObject({ status: 200, toast: { title: "Review rejected" } });
    expect(await ratingOf(productId)).toEqual({ rating: 0, reviewCount: 0 });
    const deleted = await post("delete");
    expect(deleted).toMatchObject({ status: 200, toast: { title: "Review deleted" } });
    expect((await auditFor(id)).map((e) => e.actorId)).toEqual([admin.id, admin.id, admin.id]);

    const gone = await post("approve");
    expect(gone).toMatchObject({
      status: 400,
      toast: { type: "error", title: "Error", description: "This review no longer exists" },
    });
    const unknown = await post("promote");
    expect(unknown).toMatchObject({ status: 400, toast: { description: "Unknown action" } });
    const badId = await post("delete", "not-an-id");
    expect(badId).toMatchObject({
      status: 400,
      toast: { description: "That review could not be found" },
    });

    const list = await callRouteAt<Awaited<ReturnType<typeof reviewsLoader>>>(
      reviewsLoader,
      "/admin/reviews?status=pending&page=abc",
      admin.cookies,
    );
    expect(list.body).toMatchObject({ status: "pending", page: 1 });
  });
});
