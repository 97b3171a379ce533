/** docs/SPEC.md §9 sort options; "featured" (featured first) is the default. */
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
