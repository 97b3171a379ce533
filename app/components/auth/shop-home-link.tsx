import { Link } from "react-router";
import { Leaf } from "~/components/icons";

/** The shop's mark above a page that stands alone, without the storefront's header. */
export function ShopHomeLink() {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Satara Ayurveda home">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Leaf className="size-6" aria-hidden="true" />
      </span>
      <span className="font-display font-semibold text-2xl text-primary">Satara Ayurveda</span>
    </Link>
  );
}
