import { formatRupeesShort } from "~/domain/money";
import { cn } from "~/lib/cn";

/**
 * The price to pay, with the original struck through when discounted; "from" before it when the
 * product's other pack sizes cost something else (docs/decisions/056).
 */
export function Price({
  price,
  discountPrice,
  from = false,
  className,
}: {
  price: number;
  discountPrice: number | null;
  from?: boolean;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex items-baseline gap-2", className)}>
      <span className="font-semibold text-lg text-primary">
        {from
          ? `from ${formatRupeesShort(discountPrice ?? price)}`
          : formatRupeesShort(discountPrice ?? price)}
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
