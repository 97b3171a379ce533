import { MAX_SEARCH_LENGTH, PRODUCT_SORTS, type ProductListQuery } from "./catalog-query";
import { searchText } from "./validation/text";
import { z } from "./zod";

// Apart from catalog-query.ts, so pages that only show sort labels or build links leave Zod out
// of their JavaScript (docs/decisions/029).
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

/** Reads only `page`, for a list whose other choices are fixed (a category's page). */
export function parseListPage(params: URLSearchParams): number {
  return queryParams.shape.page.parse(params.get("page") ?? undefined);
}
