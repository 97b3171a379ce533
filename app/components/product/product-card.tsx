import { Link } from "react-router";
import { Eye } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { discountPercent } from "~/domain/pricing-display";
import type { ProductCard as ProductCardData } from "~/modules/catalog/listing.server";
import { Price } from "./price";
import { AddToCartButton, WishlistButton } from "./product-actions";
import { ProductImage } from "./product-image";
import { RatingSummary } from "./star-rating";

/** docs/SPEC.md §2 Products: a card links to /product/{id} with badge, rating, price and actions. */
export function ProductCard({
  product,
  saved,
  priority = false,
}: {
  product: ProductCardData;
  saved: boolean;
  priority?: boolean;
}) {
  const percent = discountPercent(product.price, product.discountPrice);
  const href = `/product/${product.id}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition hover:shadow-md">
      <div className="relative">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            path={product.imagePath}
            alt=""
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
            priority={priority}
            className="w-full"
          />
        </Link>
        {percent > 0 ? (
          <span className="absolute top-3 left-3 rounded-full bg-destructive px-2.5 py-0.5 font-semibold text-destructive-foreground text-xs">
            {percent}% OFF
          </span>
        ) : null}
        <div className="absolute top-2 right-2">
          <WishlistButton productId={product.id} productName={product.name} saved={saved} />
        </div>
        {product.stockQuantity <= 0 ? (
          <span className="absolute bottom-3 left-3 rounded-full bg-foreground px-2.5 py-0.5 font-semibold text-background text-xs">
            Out of Stock
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-semibold text-base leading-snug">
          <Link to={href} className="hover:text-primary hover:underline">
            {product.name}
          </Link>
        </h2>
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
        <Price
          price={product.price}
          discountPrice={product.discountPrice}
          from={product.pricesDiffer}
        />
        <div className="mt-auto flex gap-2 pt-2">
          <AddToCartButton
            productId={product.id}
            productName={product.name}
            disabled={product.stockQuantity <= 0}
            className="flex-1"
          />
          <Link
            to={href}
            className={buttonVariants({ variant: "outline", size: "icon" })}
            aria-label={`View ${product.name}`}
          >
            <Eye aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
