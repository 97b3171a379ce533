import { data, isRouteErrorResponse, Link } from "react-router";
import { CategoryIcon } from "~/components/catalog/category-icon";
import { Pagination } from "~/components/product/pagination";
import { ProductGrid } from "~/components/product/product-grid";
import { buttonVariants } from "~/components/ui/button";
import { parseListPage } from "~/domain/catalog-query-params";
import { getEnv } from "~/lib/env.server";
import { savedProductsOf } from "~/modules/accounts/session.server";
import { findCategoryBySlug } from "~/modules/catalog/listing.server";
import { searchProducts } from "~/modules/catalog/search.server";
import type { Route } from "./+types/category";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const category = await findCategoryBySlug(db, params.slug);
  if (!category) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // Its page reads `page` only (app/domain/page-cache-rules.ts).
  const page = parseListPage(url.searchParams);
  const [result, saved] = await Promise.all([
    searchProducts(db, {
      search: undefined,
      categoryId: category.id,
      sort: "featured",
      page,
    }),
    savedProductsOf(context.services.accounts, request),
  ]);
  return { category, result, savedIds: [...saved], origin: getEnv().PUBLIC_URL };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.category.name} | Satara Ayurveda` },
        { name: "description", content: loaderData.category.description },
        {
          tagName: "link",
          rel: "canonical",
          href: `${loaderData.origin}/category/${loaderData.category.slug}`,
        },
      ]
    : [{ title: "Category not found | Satara Ayurveda" }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, result, savedIds } = loaderData;
  return (
    <section className="mx-auto grid max-w-7xl gap-8 px-4 py-10">
      <header className="grid justify-items-center gap-3 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <CategoryIcon slug={category.slug} className="size-7" />
        </span>
        <h1 className="font-display text-4xl">{category.name}</h1>
        <p className="max-w-2xl text-muted-foreground">{category.description}</p>
        <Link
          to={`/products?category=${category.id}`}
          className="text-primary text-sm underline-offset-4 hover:underline"
        >
          Search and sort within {category.name}
        </Link>
      </header>
      {result.items.length === 0 ? (
        <p className="text-center text-muted-foreground">No products in this category yet.</p>
      ) : (
        <ProductGrid products={result.items} savedIds={savedIds} />
      )}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) =>
          page > 1 ? `/category/${category.slug}?page=${page}` : `/category/${category.slug}`
        }
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-3xl">
        {notFound ? "Category not found" : "Error loading category"}
      </h1>
      <Link to="/categories" className={buttonVariants({ size: "lg" })}>
        View all categories
      </Link>
    </section>
  );
}
