import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "react-router";
import { Heart, Trash2 } from "~/components/icons";
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
import { readForm } from "~/lib/form-data.server";
import { isDocumentRequest } from "~/lib/request-store.server";
import type { Signer } from "~/lib/signer.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { getCurrentUser, requireUser, safeRedirectPath } from "~/modules/accounts/session.server";
import { rememberPendingSave } from "~/modules/wishlist/pending-save.server";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services.accounts, request);
  return { items: await listWishlist(context.services.db, user.id) };
}

/** Add and remove from any heart on the site (docs/SPEC.md §8 messages). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const user = await getCurrentUser(context.services.accounts, request);
  const submission = parseWithZod(await readForm(request), { schema: wishlistSchema });
  if (!user) {
    const toast = {
      type: "error" as const,
      title: "Please sign in!",
      description: "You need to be signed in to add items to wishlist",
    };
    if (!isDocumentRequest())
      return respondWithToast(context.services.signer, toast, { ok: false }, { status: 401 });
    // A form posted without JavaScript leaves the page: the visitor signs in and comes back to it,
    // with the product saved (docs/decisions/053).
    const save = submission.status === "success" ? submission.value : null;
    return redirectToSignIn(context.services.signer, save?.intent === "add" ? save : null, toast);
  }
  if (submission.status !== "success") {
    return actionFailure(
      context.services.signer,
      refusal("That product could not be found", { title: "Failed to add to wishlist" }),
    );
  }
  const { intent, productId } = submission.value;
  if (intent === "remove") {
    await removeFromWishlist(db, user.id, productId);
    return actionSuccess(context.services.signer, {
      type: "success",
      title: "Removed from wishlist",
    });
  }
  try {
    const result = await addToWishlist(db, user.id, productId);
    return actionSuccess(
      context.services.signer,
      result === "added"
        ? { type: "success", title: "Added to wishlist" }
        : { type: "info", title: "Already saved!" },
    );
  } catch (error) {
    if (!(error instanceof WishlistError)) throw error;
    return appErrorFailure(context.services.signer, error);
  }
}

/**
 * The way back is the page the heart was on; the save waits in a cookie while the visitor signs in
 * or signs up (completed by /auth, as a visitor's Add to Cart is).
 */
async function redirectToSignIn(
  signer: Signer,
  save: { productId: string; redirectTo?: string } | null,
  toast: Toast,
) {
  const headers = save
    ? await rememberPendingSave(signer, { productId: save.productId })
    : new Headers();
  const back = safeRedirectPath(save?.redirectTo, "");
  return redirectWithToast(
    signer,
    back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth",
    toast,
    {
      headers,
    },
  );
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

type WishlistItem = Route.ComponentProps["loaderData"]["items"][number];

function SavedCard({ item }: { item: WishlistItem }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <ProductImage
        path={item.imagePath}
        alt=""
        sizes="(min-width: 1024px) 25vw, 50vw"
        className="w-full"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Link to={`/product/${item.id}`} className="font-semibold hover:underline">
          {item.name}
        </Link>
        <RatingSummary rating={item.rating} reviewCount={item.reviewCount} />
        <Price price={item.price} discountPrice={item.discountPrice} from={item.pricesDiffer} />
        <div className="mt-auto flex items-center gap-2 pt-2">
          <AddToCartButton
            productId={item.id}
            productName={item.name}
            disabled={item.stockQuantity <= 0}
            className="flex-1"
          />
          <RemoveFromWishlist productId={item.id} productName={item.name} />
        </div>
      </div>
    </li>
  );
}

/** A saved product the shop no longer sells: named, not linked (its page is gone), removable. */
function WithdrawnItem({ item }: { item: WishlistItem }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border bg-card p-3">
      <ProductImage
        path={item.imagePath}
        alt=""
        sizes="64px"
        className="size-16 shrink-0 rounded-md"
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">{item.name}</span>
        <span className="text-destructive text-sm">{PRODUCT_UNAVAILABLE}</span>
      </div>
      <RemoveFromWishlist productId={item.id} productName={item.name} />
    </li>
  );
}

/**
 * The saved products on sale, as many as the header's wishlist badge counts; below them, those the
 * shop has withdrawn (docs/decisions/022 and 053), which come back up if it sells them again.
 */
export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const saved = loaderData.items.filter((item) => item.available);
  const withdrawn = loaderData.items.filter((item) => !item.available);
  return (
    <section className="mx-auto grid max-w-7xl gap-6 px-4 py-10">
      <div className="grid gap-1">
        <h1 className="font-display text-3xl">My Wishlist</h1>
        {saved.length > 0 ? (
          <p className="text-muted-foreground">
            {saved.length} saved {saved.length === 1 ? "product" : "products"}
          </p>
        ) : null}
      </div>
      {saved.length === 0 ? (
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
        <ul aria-label="Saved products" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {saved.map((item) => (
            <SavedCard key={item.wishlistId} item={item} />
          ))}
        </ul>
      )}
      {withdrawn.length > 0 ? (
        <section aria-labelledby="withdrawn-heading" className="grid gap-3">
          <h2 id="withdrawn-heading" className="font-display font-semibold text-xl">
            No longer available
          </h2>
          <p className="text-muted-foreground text-sm">
            We do not sell these at the moment. They stay here and return to your saved products if
            we sell them again.
          </p>
          <ul aria-labelledby="withdrawn-heading" className="grid gap-3 sm:grid-cols-2">
            {withdrawn.map((item) => (
              <WithdrawnItem key={item.wishlistId} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
