import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** A product row's way to its stock lots: batches received, adjusted, written off. */
export function LotsLink({ product }: { product: { id: string; name: string } }) {
  return (
    <Link
      to={`/admin/products/${product.id}/lots`}
      className={buttonVariants({ variant: "ghost", size: "sm" })}
    >
      Lots<span className="sr-only"> of {product.name}</span>
    </Link>
  );
}
