import { Link } from "react-router";
import { PRODUCT_STATUS_LABELS, type ProductStatus, storefrontPath } from "~/domain/product-status";

type NamedProduct = { id: string; name: string; slug: string; status: ProductStatus };

/**
 * A product named in a back-office row: a link to its page in the shop while the shop shows it.
 * A draft's or an archived product's page answers 404 (docs/decisions/022), so its name links to
 * its editor here instead, and says why.
 */
export function ProductNameLink({ product }: { product: NamedProduct }) {
  const shopPath = storefrontPath(product);
  if (shopPath) {
    return (
      <a href={shopPath} className="underline-offset-4 hover:underline">
        {product.name}
      </a>
    );
  }
  return (
    <span className="grid">
      <Link
        to={`/admin/products?edit=${product.id}`}
        className="underline-offset-4 hover:underline"
      >
        {product.name}
      </Link>
      <span className="font-normal text-muted-foreground text-xs">
        {PRODUCT_STATUS_LABELS[product.status]}: not in the shop
      </span>
    </span>
  );
}
