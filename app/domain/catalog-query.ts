import { z } from "zod";
import { searchText } from "./validation/text";

/** SPEC §9 sort options; "featured" (featured first) is the default. */
export const PRODUCT_SORTS = ["featured", "price-low", "price-high", "rating"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SORT_LABELS: Record<ProductSort, string> = {
  featured: "Featured",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  rating: "Highest Rated",
};

export const PRODUCTS_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;

export type ProductListQuery = {
  search: string | undefined;
  categoryId: string | undefined;
  sort: ProductSort;
  page: number;
};

const queryParams = z.object({
  search: searchText(MAX_SEARCH_LENGTH).optional().catch(undefined),
  category: z.uuid().optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).catch("featured"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** Reads /products' URL; anything malformed falls back to the default instead of an error. */
export function parseProductListQuery(params: URLSearchParams): ProductListQuery {
  const parsed = queryParams.parse({
    search: params.get("search") ?? undefined,
    category: params.get("category") || undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  return {
    search: parsed.search || undefined,
    categoryId: parsed.category,
    sort: parsed.sort,
    page: parsed.page,
  };
}

/** The URL of a list page, keeping only non-default parameters. */
export function productListHref(query: Partial<ProductListQuery>, path = "/products") {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.categoryId) params.set("category", query.categoryId);
  if (query.sort && query.sort !== "featured") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
export function likePattern(search: string) {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
