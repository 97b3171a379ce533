import { parseWithZod } from "@conform-to/zod/v4";
import { Heart, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Price } from "~/components/product/price";
import { AddToCartButton } from "~/components/product/product-actions";
import { ProductImage } from "~/components/product/product-image";
import { RatingSummary } from "~/components/product/star-rating";
import { buttonVariants } from "~/components/ui/button";
import { PRODUCT_UNAVAILABLE } from "~/domain/product-status";
import { wishlistSchema } from "~/domain/validation/cart";
import {
  actionFailure,
  actionSuccess,
  appErrorFailure,
  refusal,
  respondWithToast,
} from "~/lib/action-result.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { isDocumentRequest } from "~/lib/request-store.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getCurrentUser, requireUser } from "~/modules/accounts/session.server";
import {
  addToWishlist,
  removeFromWishlist,
  WishlistError,
} from "~/modules/wishlist/wishlist.server";
import { listWishlist } from "~/modules/wishlist/wishlist-read.server";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = () => [
  { title: "My Wishlist | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { items: await listWishlist(db(), user.id) };
}

/** Add and remove from any heart on the site (docs/SPEC.md §8 messages). */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) {
    const toast = {
      type: "error" as const,
      title: "Please sign in!",
      description: "You need to be signed in to add items to wishlist",
    };
    // A form posted without JavaScript would land on /wishlist, which visitors cannot see.
    if (isDocumentRequest()) return redirectWithToast("/auth", toast);
    return respondWithToast(toast, { ok: false }, { status: 401 });
  }
  const submission = parseWithZod(await readForm(request), { schema: wishlistSchema });
  if (submission.status !== "success") {
    return actionFailure(
      refusal("That product could not be found", { title: "Failed to add to wishlist" }),
    );
  }
  const { intent, productId } = submission.value;
  if (intent === "remove") {
    await removeFromWishlist(db(), user.id, productId);
    return actionSuccess({ type: "success", title: "Removed from wishlist" });
  }
  try {
    const result = await addToWishlist(db(), user.id, productId);
    return actionSuccess(
      result === "added"
        ? { type: "success", title: "Added to wishlist" }
        : { type: "info", title: "Already saved!" },
    );
  } catch (error) {
    if (!(error instanceof WishlistError)) throw error;
    return appErrorFailure(error);
  }
}

function RemoveFromWishlist({
  productId,
  productName,
}: {
  productId: string;
  productName: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        aria-label={`Remove ${productName} from wishlist`}
        className="inline-flex size-10 items-center justify-center rounded-md border border-border hover:bg-secondary"
      >
        <Trash2 className="size-4 text-destructive" aria-hidden="true" />
      </button>
    </fetcher.Form>
  );
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <section className="mx-auto grid max-w-7xl gap-6 px-4 py-10">
      <h1 className="font-display text-3xl">My Wishlist</h1>
      {items.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-xl border border-border bg-card p-12 text-center">
          <Heart className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold text-lg">Your wishlist is empty</p>
          <p className="text-muted-foreground">
            Save the products you love and find them here later.
          </p>
          <Link to="/products" className={buttonVariants()}>
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li
              key={item.wishlistId}
              className="flex flex-col overflow-hidden rounded-xl border border-border bg-card"
            >
              <ProductImage
                path={item.imagePath}
                alt=""
                sizes="(min-width: 1024px) 25vw, 50vw"
                className="w-full"
              />
              <div className="flex flex-1 flex-col gap-2 p-4">
                {item.available ? (
                  <Link to={`/product/${item.id}`} className="font-semibold hover:underline">
                    {item.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{item.name}</span>
                )}
                <RatingSummary rating={item.rating} reviewCount={item.reviewCount} />
                {item.available ? (
                  <Price price={item.price} discountPrice={item.discountPrice} />
                ) : (
                  <p className="font-medium text-destructive text-sm">{PRODUCT_UNAVAILABLE}</p>
                )}
                <div className="mt-auto flex items-center gap-2 pt-2">
                  <AddToCartButton
                    productId={item.id}
                    productName={item.name}
                    disabled={!item.available || item.stockQuantity <= 0}
                    className="flex-1"
                  />
                  <RemoveFromWishlist productId={item.id} productName={item.name} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
