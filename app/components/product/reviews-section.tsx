import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { BadgeCheck, Star, ThumbsUp } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatIstDate } from "~/domain/india-time";
import type { ReviewInput } from "~/domain/validation/review";
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from "~/domain/validation/review-limits";
import { cn } from "~/lib/cn";
import { NO_REVIEWS, StarRating } from "./star-rating";

type Review = {
  id: string;
  rating: number;
  title: string | null;
  comment: string;
  isVerifiedPurchase: boolean;
  helpfulCount: number;
  createdAt: Date | string;
  authorName: string | null;
};

type Summary = { stars: number; count: number; percent: number }[];

export function ReviewsSection({
  reviews,
  summary,
  rating,
  reviewCount,
}: {
  reviews: Review[];
  summary: Summary;
  rating: number;
  reviewCount: number;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
      <div className="grid content-start gap-6">
        <div className="grid gap-2 rounded-xl border border-border bg-card p-5">
          {reviewCount === 0 ? (
            <p className="font-semibold text-xl">{NO_REVIEWS}</p>
          ) : (
            <>
              <p className="font-semibold text-4xl">{rating.toFixed(1)}</p>
              <StarRating rating={rating} />
              <p className="text-muted-foreground text-sm">
                Based on {reviewCount} {reviewCount === 1 ? "review" : "reviews"}
              </p>
            </>
          )}
          <ul className="mt-2 grid gap-1.5" aria-label="Rating breakdown">
            {summary.map((row) => (
              <li
                key={row.stars}
                className="grid grid-cols-[3rem_1fr_5rem] items-center gap-2 text-sm"
              >
                <span>{row.stars} star</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <span className="block h-full bg-accent" style={{ width: `${row.percent}%` }} />
                </span>
                <span className="text-right text-muted-foreground">
                  {row.count} ({row.percent}%)
                </span>
              </li>
            ))}
          </ul>
        </div>
        <ReviewForm />
      </div>
      <div className="grid content-start gap-4">
        {reviews.length === 0 ? (
          <p className="text-muted-foreground">
            No reviews yet. Be the first to share your experience.
          </p>
        ) : (
          <ul className="grid gap-4">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const [helpful, setHelpful] = useState(false);
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <time
          dateTime={new Date(review.createdAt).toISOString()}
          className="text-muted-foreground text-sm"
        >
          {formatIstDate(review.createdAt)}
        </time>
      </div>
      {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
      <p className="whitespace-pre-line">{review.comment}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2">
          <span className="font-medium">{review.authorName || "Anonymous"}</span>
          {review.isVerifiedPurchase ? (
            <span className="inline-flex items-center gap-1 text-success">
              <BadgeCheck className="size-4" aria-hidden="true" /> Verified purchase
            </span>
          ) : null}
        </span>
        <button
          type="button"
          onClick={() => setHelpful((value) => !value)}
          aria-pressed={helpful}
          className={cn(
            "inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-secondary",
            helpful && "text-primary",
          )}
        >
          <ThumbsUp className="size-4" aria-hidden="true" /> Helpful (
          {review.helpfulCount + (helpful ? 1 : 0)})
        </button>
      </div>
    </li>
  );
}

type ReviewActionData = {
  intent: "review";
  result?: SubmissionResult<string[]>;
  submitted?: boolean;
};

function ReviewForm() {
  const fetcher = useFetcher<ReviewActionData>();
  // Without JavaScript the form posts the whole page, and the answer arrives as action data.
  const pageAction = useActionData<ReviewActionData>();
  const submitted =
    fetcher.data?.submitted === true ||
    (fetcher.state === "idle" && !fetcher.data && pageAction?.submitted === true);
  // A successful submission clears the form by mounting a fresh one.
  const [generation, setGeneration] = useState(0);
  const [seen, setSeen] = useState<ReviewActionData | undefined>(undefined);
  if (submitted && fetcher.data !== seen) {
    setSeen(fetcher.data);
    setGeneration((g) => g + 1);
  }
  return (
    <div className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h3 className="font-semibold text-lg">Write a Review</h3>
      {submitted ? (
        <p
          role="status"
          className="rounded-md bg-badge-green p-3 text-badge-green-foreground text-sm"
        >
          Thank you! Your review will appear here once it has been approved.
        </p>
      ) : null}
      <ReviewFormFields
        key={generation}
        fetcher={fetcher}
        lastResult={submitted ? null : fetcher.data?.result}
      />
    </div>
  );
}

function ReviewFormFields({
  fetcher,
  lastResult,
}: {
  fetcher: ReturnType<typeof useFetcher<ReviewActionData>>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<ReviewInput>({
    id: "review",
    lastResult,
    // Checked by the server, which answers with the messages of docs/SPEC.md §8 as toasts too.
  });
  const [rating, setRating] = useState(0);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="review" />
      <fieldset
        className="grid gap-1.5"
        aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}
      >
        <legend className="mb-1 font-medium text-sm">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded-sm">
              <input
                type="radio"
                name="rating"
                value={value}
                className="peer sr-only"
                onChange={() => setRating(value)}
              />
              <span className="sr-only">
                {value} {value === 1 ? "star" : "stars"}
              </span>
              <Star
                aria-hidden="true"
                className={cn(
                  "size-7 peer-focus-visible:outline-2 peer-focus-visible:outline-ring",
                  value <= rating ? "fill-accent text-accent" : "text-input",
                )}
              />
            </label>
          ))}
        </div>
        {fields.rating.errors ? (
          <p id={fields.rating.errorId} className="text-destructive text-sm">
            {fields.rating.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.title.id}>Title (optional)</Label>
        <Input
          id={fields.title.id}
          name={fields.title.name}
          maxLength={REVIEW_TITLE_MAX}
          aria-invalid={fields.title.errors ? true : undefined}
        />
        {fields.title.errors ? (
          <p className="text-destructive text-sm">{fields.title.errors[0]}</p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.comment.id}>Your review</Label>
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          required={false}
        />
        {fields.comment.errors ? (
          <p id={fields.comment.errorId} className="text-destructive text-sm">
            {fields.comment.errors[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Submitting..." : "Submit Review"}
      </Button>
    </fetcher.Form>
  );
}
