import { formatRupeesShort } from "~/domain/money";
import { cn } from "~/lib/cn";

/** The price to pay, with the original struck through when discounted. */
export function Price({
  price,
  discountPrice,
  className,
}: {
  price: number;
  discountPrice: number | null;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex items-baseline gap-2", className)}>
      <span className="font-semibold text-lg text-primary">
        {formatRupeesShort(discountPrice ?? price)}
      </span>
      {discountPrice !== null ? (
        <s className="text-muted-foreground text-sm">
          <span className="sr-only">Original price </span>
          {formatRupeesShort(price)}
        </s>
      ) : null}
    </span>
  );
}
