import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/icons";
import { cn } from "~/lib/cn";

/** Page links that work without JavaScript; `hrefFor(page)` builds each URL. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  const item =
    "inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-border bg-card px-3 text-sm";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, "hover:bg-secondary")} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Link>
      ) : null}
      {pages.map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
            className={cn(
              item,
              p === page
                ? "border-primary bg-primary text-primary-foreground"
                : "hover:bg-secondary",
            )}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, "hover:bg-secondary")} rel="next">
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

/** First, last, and two either side of the current page, with gaps as null. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const last = result.at(-1);
    if (typeof last === "number" && p - last > 1) result.push(null);
    result.push(p);
  }
  return result;
}
