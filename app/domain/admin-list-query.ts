import { searchText } from "./validation/text";
import { z } from "./zod";

export const MAX_ADMIN_SEARCH_LENGTH = 100;

/** A back-office list's ?page=: a whole number from 1; anything else is the first page. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

export type AdminListQuery = { search: string | undefined; page: number };

const params = z.object({
  q: searchText(MAX_ADMIN_SEARCH_LENGTH).optional().catch(undefined),
  page: pageParam,
});

/** A back-office list's ?q= and ?page=; anything malformed falls back to the default. */
export function parseAdminListQuery(search: URLSearchParams): AdminListQuery {
  const parsed = params.parse({
    q: search.get("q") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  return { search: parsed.q || undefined, page: parsed.page };
}

type ParamValues = Record<string, string | number | undefined>;

/**
 * A list's URL with only the parameters that say something: empty values and page 1 are left
 * out, so every link and form keeps the administrator where they were and nothing more.
 */
export function listHref(path: string, values: ParamValues) {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === "") continue;
    if (key === "page" && Number(value) <= 1) continue;
    out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `${path}?${text}` : path;
}

/** The current query string (`search`) with some parameters changed; undefined removes one. */
export function hrefWith(search: string, changes: ParamValues) {
  const current = Object.fromEntries(new URLSearchParams(search));
  return listHref("", { ...current, ...changes }) || "?";
}

/** The list's URL with its search and page, plus `extra` parameters (which dialog is open). */
export function adminListHref(
  path: string,
  query: Partial<AdminListQuery>,
  extra: Record<string, string> = {},
) {
  return listHref(path, { q: query.search, page: query.page, ...extra });
}
