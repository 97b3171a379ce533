import { pageParam } from "../admin-list-query";
import { z } from "../zod";
import { searchText, singleLineText } from "./text";

/** Query-string fields of the back office's lists: a bad value falls back, it never fails. */
const page = pageParam;
const optionalId = z.uuid().optional().catch(undefined);

export const customersQuerySchema = z.object({
  q: searchText(100).catch("").default(""),
  page,
  customer: optionalId,
});

export const reviewsQuerySchema = z.object({
  status: z.enum(["all", "pending", "approved"]).catch("all").default("all"),
  page,
  delete: optionalId,
});

export const auditQuerySchema = z.object({
  entity: singleLineText()
    .trim()
    .regex(/^[a-z_-]{1,40}$/)
    .optional()
    .catch(undefined),
  page,
});

/** The named fields of a URL's query string, for the schemas above. */
export function searchParamsOf(request: Request, names: readonly string[]) {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(names.map((name) => [name, params.get(name) || undefined])) as Record<
    string,
    string | undefined
  >;
}

/** A review moderation posted from the list. */
export const reviewActionSchema = z.object({
  intent: z.enum(["approve", "reject", "delete"], { error: "Unknown action" }),
  id: z.uuid({ error: "That review could not be found" }),
});
