import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { Search } from "~/components/icons";
import { Pagination } from "~/components/product/pagination";
import { ProductGrid } from "~/components/product/product-grid";
import { buttonVariants } from "~/components/ui/button";
import { PRODUCT_SORTS, productListHref, SORT_LABELS } from "~/domain/catalog-query";
import { parseProductListQuery } from "~/domain/catalog-query-params";
import { formatCount } from "~/domain/money";
import { getEnv } from "~/lib/env.server";
import { savedProductsOf } from "~/modules/accounts/session.server";
import { searchProducts } from "~/modules/catalog/search.server";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseProductListQuery(url.searchParams);
  const [result, saved] = await Promise.all([
    searchProducts(context.services.db, query),
    savedProductsOf(context.services.accounts, request),
  ]);
  return { query, result, savedIds: [...saved], origin: getEnv().PUBLIC_URL };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const search = data?.query.search;
  return [
    {
      title: search
        ? `“${search}” | Our Products | Satara Ayurveda`
        : "Our Products | Satara Ayurveda",
    },
    {
      name: "description",
      content:
        "Discover authentic Ayurvedic wellness solutions: classical and proprietary medicines from Satara.",
    },
    ...(data
      ? [
          {
            tagName: "link",
            rel: "canonical",
            href: `${data.origin}${productListHref({ ...data.query, search: undefined })}`,
          },
        ]
      : []),
  ];
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, result, savedIds } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  return (
    <section className="mx-auto grid max-w-7xl gap-8 px-4 py-10">
      <header className="grid gap-2 text-center">
        <h1 className="font-display text-4xl">Our Products</h1>
        <p className="text-muted-foreground">Discover authentic Ayurvedic wellness solutions</p>
      </header>
      <ListControls query={query} total={result.total} capped={result.totalIsCapped} />
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {result.items.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-12 text-center">
            <p className="font-semibold text-xl">Sorry, no results found</p>
            <p className="text-muted-foreground">Try adjusting your search terms</p>
            <Link to="/products" className={buttonVariants({ variant: "outline" })}>
              View all products
            </Link>
          </div>
        ) : (
          <ProductGrid products={result.items} savedIds={savedIds} />
        )}
      </div>
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => productListHref({ ...query, page })}
      />
    </section>
  );
}

/**
 * Search box and sort. Typing updates ?search= (trimmed; empty clears every parameter, docs/SPEC.md §2);
 * without JavaScript it is an ordinary GET form.
 */
function ListControls({
  query,
  total,
  capped,
}: {
  query: ReturnType<typeof parseProductListQuery>;
  total: number;
  capped: boolean;
}) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const [text, setText] = useState(query.search ?? "");
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => setText(query.search ?? ""), [query.search]);
  const onType = (value: string) => {
    setText(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      const trimmed = value.trim();
      navigate(trimmed ? productListHref({ ...query, search: trimmed, page: 1 }) : "/products", {
        replace: true,
        preventScrollReset: true,
      });
    }, 250);
  };
  return (
    <Form method="get" action="/products" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {query.categoryId ? <input type="hidden" name="category" value={query.categoryId} /> : null}
      <div className="relative flex-1">
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <Search
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id="product-search"
          name="search"
          type="search"
          value={text}
          onChange={(event) => onType(event.target.value)}
          placeholder="Search by name, ingredient or benefit..."
          className="h-11 w-full rounded-md border border-input bg-card pr-3 pl-9"
        />
      </div>
      <div className="flex items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor="product-sort" className="font-medium text-sm">
            Sort by
          </label>
          <select
            id="product-sort"
            name="sort"
            defaultValue={query.sort}
            onChange={(event) =>
              submit(event.currentTarget.form, { replace: true, preventScrollReset: true })
            }
            className="h-11 rounded-md border border-input bg-card px-3"
          >
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className={buttonVariants({ size: "lg" })}>
            Apply
          </button>
        </noscript>
      </div>
      <p className="text-muted-foreground text-sm sm:sr-only" aria-live="polite">
        {capped
          ? `${formatCount(total)}+ products`
          : `${total} ${total === 1 ? "product" : "products"}`}
      </p>
    </Form>
  );
}
