import { parseWithZod } from "@conform-to/zod/v4";
import { Suspense, useState } from "react";
import {
  Await,
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useFetcher,
  useLocation,
  useNavigation,
  useSearchParams,
} from "react-router";
import { deferred } from "~/components/deferred";
import { Award, Check, ShieldCheck, Truck } from "~/components/icons";
import { Gallery } from "~/components/product/gallery";
import { LegalInformation } from "~/components/product/legal-information";
import { Price } from "~/components/product/price";
import { ReturnHere, WishlistButton } from "~/components/product/product-actions";
import { QuantityStepper } from "~/components/product/quantity-stepper";
import { SizePicker } from "~/components/product/size-picker";
import { NO_REVIEWS, StarRating } from "~/components/product/star-rating";
import { productJsonLd } from "~/components/product/structured-data";
import { Button, buttonVariants } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { legalDetailsOf } from "~/domain/legal-metrology";
import { pictureUrl } from "~/domain/picture-urls";
import { discountPercent, stockText } from "~/domain/pricing-display";
import { reviewSchema } from "~/domain/validation/review";
import {
  firstErrorMessage,
  refusal,
  respondWithProblem,
  respondWithToast,
} from "~/lib/action-result.server";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/form-data.server";
import { rememberPinHeaders } from "~/lib/remembered-pin.server";
import type { WholeDocumentHandle } from "~/lib/whole-document";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { getCurrentUser, getShopper, savedProductsOf } from "~/modules/accounts/session.server";
import {
  findProduct,
  findProductForPage,
  sizePagePath,
  withChosenSize,
} from "~/modules/catalog/product-detail.server";
import { ReviewError, reviewsForPage } from "~/modules/reviews/reviews.server";
import { shopSettings } from "~/modules/settings/settings.server";
import { legalShopOf } from "~/modules/settings/shop-identity.server";
import { courierChecksOf } from "~/modules/shipping/delivery-promise.server";
import type { ShopServices } from "~/services.server";
import { submitReview } from "~/workflows/submit-review.server";
import type { Route } from "./+types/product";

/**
 * "Check delivery" is rendered in full on the server and works as a plain form; its script, which
 * answers in place, loads apart from the page (docs/decisions/061).
 */
const DeliveryCheck = deferred(() =>
  import("~/components/product/delivery-check").then((module) => module.DeliveryCheck),
);

/** The reviews and their form (Conform) load apart from the page, as their data does. */
const ReviewsSection = deferred(() =>
  import("~/components/product/reviews-section").then((module) => module.ReviewsSection),
);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const found = await findProductForPage(db, params.id);
  if (!found) throw data({ notFound: true }, { status: 404 });
  // Each pack size has a page of its own, kept apart in the page cache (docs/decisions/056).
  const { pathname, searchParams } = new URL(request.url);
  // "Choose size" without JavaScript sends the Add to Cart form here, its size by id.
  const sizeById = searchParams.get("variantId");
  if (sizeById !== null) {
    throw redirect(sizePagePath(found, pathname, sizeById, searchParams.get("tab")));
  }
  const product = withChosenSize(found, searchParams.get("size"));
  // Reviews follow the page rather than hold its first byte: they sit in a tab of their own.
  const reviews = reviewsForPage(db, profileNaming, product.id);
  // "Check delivery" asked without JavaScript: such a page is never kept (page-cache-rules.ts).
  const pin = context.services.shipping.promisesOn ? searchParams.get("pin") : null;
  const [saved, settings, delivery, defaultPin] = await Promise.all([
    savedProductsOf(context.services.accounts, request),
    shopSettings(db),
    pin === null
      ? null
      : context.services.shipping.checkDelivery(pin, {
          mayAsk: courierChecksOf(db, context.clientIp),
        }),
    context.services.shipping.promisesOn ? signedInDefaultPin(context.services, request) : null,
  ]);
  // Canonical links name the shop's own address, never the Host a request carried: the page
  // may be kept in the page cache and shown to everyone (docs/decisions/033).
  const origin = getEnv().PUBLIC_URL;
  const legal = legalDetailsOf(product, legalShopOf(settings));
  return data(
    {
      product,
      legal,
      structuredData: productJsonLd(product, origin, legal),
      reviews,
      saved: saved.has(product.id),
      lowStockThreshold: settings.lowStockThreshold,
      origin,
      // The box starts from the default address's PIN code; the PIN code the browser remembers is
      // read by the box itself, so that a kept page is the same for everyone (docs/decisions/077).
      deliveryCheck: context.services.shipping.promisesOn
        ? { answer: delivery, prefill: defaultPin }
        : null,
    },
    // A PIN code checked without JavaScript is remembered (the page with `pin` is never kept).
    { headers: delivery?.ok ? rememberPinHeaders(delivery.pin) : undefined },
  );
}

/**
 * A signed-in shopper's default PIN code, read with the session (no query of its own); a
 * visitor's page, which may be kept, has none.
 */
async function signedInDefaultPin(services: ShopServices, request: Request) {
  return (await getShopper(services.accounts, request))?.defaultPin ?? null;
}

/** The remembered PIN code's cookie, set only on a page that is never kept. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * A page opened on the reviews tab (the tab links of a browser without JavaScript) is sent whole:
 * only a script could show reviews that arrive after the rest of the page.
 */
export const handle = {
  wholeDocument: (url: URL) => url.searchParams.get("tab") === "reviews",
} satisfies WholeDocumentHandle;

/** Switching tabs changes only ?tab=, which needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete("tab");
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: "Product not found | Satara Ayurveda" }];
  const { product, origin, structuredData } = loaderData;
  const url = `${origin}/product/${product.slug}`;
  const image = product.images[0]
    ? `${origin}${pictureUrl(product.images[0].path, 1024, "webp")}`
    : undefined;
  return [
    { title: `${product.name} | Satara Ayurveda` },
    { name: "description", content: product.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: product.description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { "script:ld+json": structuredData },
  ];
};

/** Review submission (docs/SPEC.md §5/§8). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  const user = await getCurrentUser(context.services.accounts, request);
  const formData = await readForm(request);
  if (!user) {
    return respondWithProblem(
      context.services.signer,
      refusal("You need to be signed in to write a review", {
        status: 401,
        title: "Please sign in",
      }),
      { intent: "review" as const },
    );
  }
  const product = await findProduct(db, params.id);
  if (!product) throw data({ notFound: true }, { status: 404 });
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success") {
    const title = firstErrorMessage(submission.error, "Please check your review");
    return respondWithProblem(
      context.services.signer,
      { status: 400, title },
      { intent: "review" as const, result: submission.reply() },
    );
  }
  try {
    await submitReview(db, {
      ...submission.value,
      productId: product.id,
      userId: user.id,
    });
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error;
    return respondWithProblem(context.services.signer, error, {
      intent: "review" as const,
      result: submission.reply(),
    });
  }
  return respondWithToast(
    context.services.signer,
    { type: "success", title: "Review submitted!", description: "Thank you for your feedback" },
    { intent: "review" as const, submitted: true },
  );
}

const TABS = [
  { value: "benefits", label: "Benefits" },
  { value: "ingredients", label: "Ingredients" },
  { value: "dosage", label: "Dosage" },
  { value: "reviews", label: "Reviews" },
] as const;

function splitList(text: string) {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, legal, reviews, saved, lowStockThreshold, deliveryCheck } = loaderData;
  const showReviews = ({ list, summary }: Awaited<typeof reviews>) => (
    <ReviewsSection
      reviews={list}
      summary={summary}
      rating={product.rating}
      reviewCount={product.reviewCount}
    />
  );
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get("tab"))
    ? (params.get("tab") as string)
    : "benefits";
  const percent = discountPercent(product.price, product.discountPrice);
  const inStock = product.stockQuantity > 0;
  return (
    <article className="mx-auto grid max-w-7xl gap-12 px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-muted-foreground text-sm">
        <Link to="/products" className="hover:underline">
          Products
        </Link>
        {product.categoryName ? (
          <>
            {" / "}
            <Link to={`/category/${product.categorySlug}`} className="hover:underline">
              {product.categoryName}
            </Link>
          </>
        ) : null}
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <Gallery
          images={product.images}
          name={product.name}
          fallbackKey={product.slug || product.id}
        />
        <div className="grid content-start gap-5">
          <h1 className="font-display text-3xl md:text-4xl">{product.name}</h1>
          {product.reviewCount === 0 ? (
            <p className="text-muted-foreground">{NO_REVIEWS}</p>
          ) : (
            <p className="flex items-center gap-2">
              <StarRating rating={product.rating} />
              <span>
                {product.rating.toFixed(1)} ({product.reviewCount}{" "}
                {product.reviewCount === 1 ? "review" : "reviews"})
              </span>
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Price
              price={product.price}
              discountPrice={product.discountPrice}
              className="[&>span:first-child]:text-3xl"
            />
            {percent > 0 ? (
              <span className="rounded-full bg-destructive px-3 py-1 font-semibold text-destructive-foreground text-sm">
                {percent}% OFF
              </span>
            ) : null}
          </div>
          {product.sizes.length > 1 ? (
            <SizePicker
              sizes={product.sizes}
              chosenId={product.variantId}
              tab={tab === "benefits" ? null : tab}
              formId={BUY_FORM_ID}
            />
          ) : null}
          <p className="text-lg">{product.description}</p>
          {product.certifications.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Certifications">
              {product.certifications.map((certification) => (
                <li
                  key={certification}
                  className="inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-secondary-foreground text-sm"
                >
                  <Check className="size-4" aria-hidden="true" />
                  {certification}
                </li>
              ))}
            </ul>
          ) : null}
          <p className={inStock ? "font-medium text-success" : "font-semibold text-destructive"}>
            {stockText(product.stockQuantity, lowStockThreshold)}
          </p>
          {inStock && product.bestBefore ? (
            <p className="text-muted-foreground text-sm">{product.bestBefore}</p>
          ) : null}
          <BuyBox
            // A new box for each size: its quantity starts again within that size's stock.
            key={product.variantId}
            productId={product.id}
            variantId={product.variantId}
            sizePicked={product.sizes.length > 1}
            productName={product.name}
            stock={product.stockQuantity}
            saved={saved}
          />
          {deliveryCheck ? (
            <DeliveryCheck
              answer={deliveryCheck.answer}
              size={params.get("size")}
              prefill={deliveryCheck.prefill}
            />
          ) : null}
          <ul className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-3">
            <li className="flex items-center gap-2 text-sm">
              <Truck className="size-5 text-primary" aria-hidden="true" /> Free Shipping above ₹999
            </li>
            <li className="flex items-center gap-2 text-sm">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> 100% Authentic
            </li>
            <li className="flex items-center gap-2 text-sm">
              <Award className="size-5 text-primary" aria-hidden="true" /> Quality Tested
            </li>
          </ul>
          <LegalInformation legal={legal} sizeId={product.variantId} />
        </div>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (value === "benefits") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <TabsList className="flex w-full flex-wrap justify-start">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <noscript>
          <nav aria-label="Product details" className="mt-2 flex gap-4 text-sm">
            {TABS.map((t) => (
              <a key={t.value} href={`?tab=${t.value}`} className="text-primary underline">
                {t.label}
              </a>
            ))}
          </nav>
        </noscript>
        <TabsContent value="benefits" className="pt-6">
          <p className="mb-4 max-w-3xl whitespace-pre-line">{product.detailedDescription}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {splitList(product.benefits).map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />{" "}
                {benefit}
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="ingredients" className="pt-6">
          <ul className="grid gap-2 sm:grid-cols-2">
            {splitList(product.ingredients).map((ingredient) => (
              <li key={ingredient} className="rounded-md border border-border bg-card px-3 py-2">
                {ingredient}
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="dosage" className="grid gap-6 pt-6">
          <section>
            <h2 className="mb-2 font-semibold text-lg">Dosage</h2>
            <p className="whitespace-pre-line">{product.dosageInstructions}</p>
          </section>
          {product.ayurvedicProperties ? (
            <section>
              <h2 className="mb-2 font-semibold text-lg">Ayurvedic Properties</h2>
              <p className="whitespace-pre-line">{product.ayurvedicProperties}</p>
            </section>
          ) : null}
        </TabsContent>
        <TabsContent value="reviews" className="pt-6">
          <Suspense fallback={<p role="status">Loading reviews…</p>}>
            <Await
              resolve={reviews}
              errorElement={<p role="alert">The reviews could not be loaded. Please try again.</p>}
            >
              {showReviews}
            </Await>
          </Suspense>
        </TabsContent>
      </Tabs>
    </article>
  );
}

/** The Add to Cart form, which the size picker's radios belong to (docs/decisions/071). */
const BUY_FORM_ID = "buy";

function BuyBox({
  productId,
  variantId,
  sizePicked,
  productName,
  stock,
  saved,
}: {
  productId: string;
  variantId: string;
  /** The size picker's checked radio posts the size; else the product's only size is posted here. */
  sizePicked: boolean;
  productName: string;
  stock: number;
  saved: boolean;
}) {
  const [quantity, setQuantity] = useState(1);
  const fetcher = useFetcher();
  const location = useLocation();
  const navigation = useNavigation();
  // Another size of this product is loading: this box still holds the size that was shown, so it
  // adds nothing until the chosen size's box replaces it.
  const choosingSize =
    navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const inStock = stock > 0;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fetcher.Form
        id={BUY_FORM_ID}
        method="post"
        action="/cart"
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        {sizePicked ? null : <input type="hidden" name="variantId" value={variantId} />}
        {inStock ? <QuantityStepper value={quantity} onChange={setQuantity} max={stock} /> : null}
        <ReturnHere />
        <Button
          type="submit"
          size="lg"
          disabled={!inStock || choosingSize || fetcher.state !== "idle"}
        >
          {inStock ? "Add to Cart" : "Out of Stock"}
        </Button>
      </fetcher.Form>
      <WishlistButton
        productId={productId}
        productName={productName}
        saved={saved}
        toggle
        withLabel
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-3xl">
        {notFound ? "Product not found" : "Error loading product"}
      </h1>
      {notFound ? null : (
        <p className="text-muted-foreground">
          {error instanceof Error ? error.message : "Please try again in a moment."}
        </p>
      )}
      <Link to="/products" className={buttonVariants({ size: "lg" })}>
        Browse Products
      </Link>
    </section>
  );
}
