import { Star } from "~/components/icons";
import { filledStars } from "~/domain/pricing-display";
import { cn } from "~/lib/cn";

/** What a product without reviews shows instead of "0.0 (0)" and five empty stars. */
export const NO_REVIEWS = "No reviews yet";

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = filledStars(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            "size-4",
            index < filled ? "fill-accent text-accent" : "fill-none text-input",
          )}
        />
      ))}
    </span>
  );
}

/** Stars, then the rating and the number of reviews (docs/SPEC.md §9); a product nobody rated says so. */
export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) return <p className="text-muted-foreground text-sm">{NO_REVIEWS}</p>;
  return (
    <p className="flex items-center gap-2 text-sm">
      <StarRating rating={rating} />
      <span>
        {rating.toFixed(1)} ({reviewCount})
      </span>
    </p>
  );
}
