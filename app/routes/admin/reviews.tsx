import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPageLinks } from "~/components/admin/list-page-links";
import { ProductNameLink } from "~/components/admin/product-name-link";
import { ConfirmCard, ConfirmDialog } from "~/components/confirm-dialog";
import { Check, Trash2, X } from "~/components/icons";
import { StarRating } from "~/components/product/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { hrefWith } from "~/domain/admin-list-query";
import { formatIstDate } from "~/domain/india-time";
import {
  reviewActionSchema,
  reviewsQuerySchema,
  searchParamsOf,
} from "~/domain/validation/admin-lists";
import { actionFailure, actionSuccess, appErrorFailure, refusal } from "~/lib/action-result.server";
import { cn } from "~/lib/cn";
import { readForm } from "~/lib/form-data.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  type AdminReview,
  deleteReview,
  listReviewsForAdmin,
  ReviewAdminError,
  setReviewApproval,
} from "~/modules/reviews/reviews-admin.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const query = reviewsQuerySchema.parse(searchParamsOf(request, ["status", "page", "delete"]));
  const list = await listReviewsForAdmin(context.services.db, profileNaming, {
    page: query.page,
    status: query.status,
  });
  return { ...list, status: query.status, confirmDelete: query.delete ?? null };
}

const SUCCESS = {
  approve: "Review approved",
  reject: "Review rejected",
  delete: "Review deleted",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  const parsed = reviewActionSchema.safeParse({
    intent: formData.get("intent"),
    id: formData.get("id"),
  });
  if (!parsed.success) {
    return actionFailure(
      context.services.signer,
      refusal(parsed.error.issues[0]?.message ?? "Unknown action"),
    );
  }
  const { intent, id } = parsed.data;
  try {
    if (intent === "delete") await deleteReview(db, admin.id, id);
    else await setReviewApproval(db, admin.id, id, intent === "approve");
  } catch (error) {
    if (error instanceof ReviewAdminError) return appErrorFailure(context.services.signer, error);
    throw error;
  }
  return actionSuccess(context.services.signer, { type: "success", title: SUCCESS[intent] });
}

const FILTERS = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
] as const;

const authorOf = (review: AdminReview) => review.authorName?.trim() || "Anonymous";

function DeleteForm({
  review,
  action,
  onSubmit,
}: {
  review: AdminReview;
  action: string;
  onSubmit?: () => void;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={review.id} />
      <Button type="submit" variant="destructive">
        Delete
      </Button>
    </fetcher.Form>
  );
}

function ModerationButton({
  review,
  intent,
  action,
}: {
  review: AdminReview;
  intent: "approve" | "reject";
  action: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const Icon = intent === "approve" ? Check : X;
  const label = intent === "approve" ? "Approve" : "Reject";
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={review.id} />
      <Button
        type="submit"
        size="sm"
        variant={intent === "approve" ? "default" : "outline"}
        disabled={busy}
        aria-label={`${label} review by ${authorOf(review)} of ${review.productName}`}
      >
        <Icon aria-hidden="true" /> {label}
      </Button>
    </fetcher.Form>
  );
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { reviews, total, page, pageCount, status, confirmDelete } = loaderData;
  const { search } = useLocation();
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const action = `/admin/reviews${hrefWith(search, { delete: undefined })}`;
  const toConfirm = confirmDelete ? reviews.find((r) => r.id === confirmDelete) : undefined;
  const description = (review: AdminReview) =>
    `This will permanently delete the review by ${authorOf(review)} of ${review.productName}. This action cannot be undone.`;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Reviews Management"
        description={
          "Approve reviews to show them on the product page; the product's rating follows."
        }
      />
      <nav aria-label="Filter reviews" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Link
            key={filter.value}
            to={hrefWith(search, {
              status: filter.value === "all" ? undefined : filter.value,
              page: undefined,
              delete: undefined,
            })}
            aria-current={status === filter.value ? "page" : undefined}
            className={buttonVariants({
              variant: status === filter.value ? "default" : "outline",
              size: "sm",
            })}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {!hydrated && toConfirm ? (
        <ConfirmCard
          id="confirm-delete"
          description={description(toConfirm)}
          cancelHref={hrefWith(search, { delete: undefined })}
        >
          <DeleteForm review={toConfirm} action={action} />
        </ConfirmCard>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="font-display font-semibold text-lg">
            {status === "all" ? "All Reviews" : status === "pending" ? "Pending" : "Approved"} (
            {total})
          </h2>
        </CardHeader>
        <AdminTable
          headings={["Product", "Customer", "Rating", "Review", "Date", "Status", "Actions"]}
          rowCount={reviews.length}
          emptyText="No reviews yet"
        >
          {reviews.map((review) => (
            <tr key={review.id} className="border-border border-b align-top last:border-0">
              <td className="px-3 py-3 font-medium">
                <ProductNameLink
                  product={{
                    id: review.productId,
                    name: review.productName,
                    slug: review.productSlug,
                    status: review.productStatus,
                  }}
                />
              </td>
              <td className="px-3 py-3">
                <span className="block">{authorOf(review)}</span>
                {review.isVerifiedPurchase ? (
                  <span className="text-muted-foreground text-xs">Verified purchase</span>
                ) : null}
              </td>
              <td className="px-3 py-3">
                <StarRating rating={review.rating} />
              </td>
              <td className="min-w-56 max-w-md px-3 py-3">
                <div className="line-clamp-2">
                  {review.title ? (
                    <strong className="font-semibold">{review.title}: </strong>
                  ) : null}
                  {review.comment}
                </div>
              </td>
              <td className="whitespace-nowrap px-3 py-3">{formatIstDate(review.createdAt)}</td>
              <td className="px-3 py-3">
                <Badge variant={review.isApproved ? "success" : "warning"}>
                  {review.isApproved ? "Approved" : "Pending"}
                </Badge>
              </td>
              <td className="px-3 py-3">
                <div className="flex items-center gap-1">
                  <ModerationButton
                    review={review}
                    intent={review.isApproved ? "reject" : "approve"}
                    action={action}
                  />
                  <a
                    href={hrefWith(search, { delete: review.id })}
                    onClick={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      setDeleting(review);
                    }}
                    aria-label={`Delete review by ${authorOf(review)} of ${review.productName}`}
                    className={cn(buttonVariants({ variant: "ghost", size: "icon" }))}
                  >
                    <Trash2 className="text-destructive" aria-hidden="true" />
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <ListPageLinks page={page} pageCount={pageCount} closing="delete" />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        description={deleting ? description(deleting) : ""}
      >
        {deleting ? (
          <DeleteForm review={deleting} action={action} onSubmit={() => setDeleting(null)} />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
