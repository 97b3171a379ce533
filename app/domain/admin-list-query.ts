import { z } from "zod";
import { searchText } from "./validation/text";

export const MAX_ADMIN_SEARCH_LENGTH = 100;

export type AdminListQuery = { search: string | undefined; page: number };

const params = z.object({
  q: searchText(MAX_ADMIN_SEARCH_LENGTH).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** A back-office list's ?q= and ?page=; anything malformed falls back to the default. */
export function parseAdminListQuery(search: URLSearchParams): AdminListQuery {
  const parsed = params.parse({
    q: search.get("q") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  return { search: parsed.q || undefined, page: parsed.page };
}

/**
 * The list's URL with its search and page, plus `extra` parameters (which dialog is open), so
 * every link and form keeps the administrator where they were.
 */
export function adminListHref(
  path: string,
  query: Partial<AdminListQuery>,
  extra: Record<string, string> = {},
) {
  const out = new URLSearchParams();
  if (query.search) out.set("q", query.search);
  if (query.page && query.page > 1) out.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) out.set(key, value);
  const text = out.toString();
  return text ? `${path}?${text}` : path;
}
