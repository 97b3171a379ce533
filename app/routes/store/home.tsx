import { Link } from "react-router";
import { CategoryCards } from "~/components/catalog/category-cards";
import { SpecialOffers } from "~/components/home/special-offers";
import { Testimonials } from "~/components/home/testimonials";
import { Award, Leaf, ShieldCheck, Truck } from "~/components/icons";
import { Price } from "~/components/product/price";
import { ProductImage } from "~/components/product/product-image";
import { RatingSummary } from "~/components/product/star-rating";
import { buttonVariants } from "~/components/ui/button";
import { formatRupeesShort } from "~/domain/money";
import { offersVersion } from "~/domain/offers-version";
import { listCategoriesWithCounts, listFeaturedProducts } from "~/modules/catalog/listing.server";
import { HOME_OFFER_COUNT, listActiveOffers } from "~/modules/promotions/offers.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Satara Ayurveda | Authentic Ayurvedic Medicines & Wellness Products" },
  {
    name: "description",
    content:
      "GMP-certified Ayurvedic medicines and wellness products from Satara, Maharashtra. Free shipping on orders above ₹999.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [featured, categories, offers] = await Promise.all([
    listFeaturedProducts(db, 5),
    listCategoriesWithCounts(db),
    listActiveOffers(db, HOME_OFFER_COUNT),
  ]);
  return { featured, categories, offers, offersVersion: offersVersion(offers) };
}

const BADGES = ["Bestseller", "Popular", "New"] as const;
const TRUST = [
  { Icon: Award, title: "GMP Certified", text: "Made in a certified facility" },
  { Icon: Leaf, title: "100% Natural", text: "Organic herbs, no shortcuts" },
  { Icon: ShieldCheck, title: "FDA Approved", text: "Proprietary medicines you can trust" },
  { Icon: Truck, title: "Free Shipping", text: "On orders above ₹999" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, categories, offers } = loaderData;
  return (
    <>
      <section className="bg-secondary">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:py-24">
          <p className="font-semibold text-accent-strong text-sm uppercase tracking-wider">
            Since generations, from Satara
          </p>
          <h1 className="max-w-2xl font-display text-4xl text-primary leading-tight md:text-5xl">
            Authentic Ayurveda for everyday wellness
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Classical formulations and proprietary medicines, prepared with care from time-tested
            herbs.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/products" className={buttonVariants({ size: "lg" })}>
              Shop Now
            </Link>
            {/* docs/SPEC.md keeps the words 'Learn More'; the hidden rest says what about, for
                screen readers and for search engines, which pass over links that say only that. */}
            <Link to="/about" className={buttonVariants({ size: "lg", variant: "outline" })}>
              Learn More<span className="sr-only"> about Satara Ayurveda</span>
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why shop with us" className="border-border border-b bg-card">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 lg:grid-cols-4">
          {TRUST.map(({ Icon, title, text }) => (
            <li key={title} className="flex items-center gap-3">
              <Icon className="size-8 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="text-muted-foreground text-sm">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <SpecialOffers offers={offers} version={loaderData.offersVersion} />

      <section className="mx-auto max-w-7xl px-4 py-14" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-8 text-center font-display text-3xl">
          Shop by Category
        </h2>
        <CategoryCards categories={categories} />
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14" aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-8 text-center font-display text-3xl">
          Featured Products
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featured.map((product, index) => (
            <li
              key={product.id}
              className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
            >
              <div className="relative">
                <ProductImage
                  path={product.imagePath}
                  alt={product.name}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                  priority={index < 4}
                  className="w-full"
                />
                {BADGES[index] ? (
                  <span className="absolute top-3 left-3 rounded-full bg-accent px-2.5 py-0.5 font-semibold text-accent-foreground text-xs">
                    {BADGES[index]}
                  </span>
                ) : null}
                {product.discountPrice !== null ? (
                  <span className="absolute top-3 right-3 rounded-full bg-primary px-2.5 py-0.5 font-semibold text-primary-foreground text-xs">
                    Save {formatRupeesShort(product.price - product.discountPrice)}
                  </span>
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-semibold text-lg">
                  <Link
                    to={`/product/${product.slug}`}
                    className="hover:text-primary hover:underline"
                  >
                    {product.name}
                  </Link>
                </h3>
                <p className="line-clamp-2 text-muted-foreground text-sm">{product.description}</p>
                <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
                <Price
                  price={product.price}
                  discountPrice={product.discountPrice}
                  from={product.pricesDiffer}
                />
                <Link
                  to={`/product/${product.slug}`}
                  className={buttonVariants({ className: "mt-auto w-full" })}
                  aria-label={`View Product, ${product.name}`}
                >
                  View Product
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/products" className={buttonVariants({ variant: "outline", size: "lg" })}>
            View All Products
          </Link>
        </div>
      </section>

      <Testimonials />
    </>
  );
}
