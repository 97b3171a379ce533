import { listHref, pageParam } from "../admin-list-query";
import { ORDER_STATUSES, type OrderStatus } from "../orders";
import { z } from "../zod";
import { searchText, singleLineText } from "./text";

/** Orders on one page of /admin/orders. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const MAX_ORDER_SEARCH_LENGTH = 100;
export const MAX_TRACKING_ID_LENGTH = 100;

export type AdminOrderQuery = {
  /** Order number or customer name, matched case-insensitively anywhere in the text. */
  q: string | undefined;
  status: OrderStatus | undefined;
  page: number;
};

const queryParams = z.object({
  q: searchText(MAX_ORDER_SEARCH_LENGTH).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  page: pageParam,
});

/**
 * Reads /admin/orders' URL (?q=, ?status=, ?page=); "all", empty or malformed values fall back
 * to no filter and the first page instead of an error.
 */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const parsed = queryParams.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") || undefined,
    page: params.get("page") ?? undefined,
  });
  return { q: parsed.q || undefined, status: parsed.status, page: parsed.page };
}

/** The URL of the list (or of its CSV export) keeping only non-default parameters. */
export function adminOrdersHref(
  query: Partial<AdminOrderQuery> & { view?: string },
  path = "/admin/orders",
) {
  return listHref(path, { q: query.q, status: query.status, page: query.page, view: query.view });
}

const orderId = z.uuid({ error: "That order could not be found" });

/** docs/SPEC.md §4, §8: the inline status change; anything outside the five is 'Invalid status'. */
export const orderStatusFormSchema = z.object({
  orderId,
  status: z.enum(ORDER_STATUSES, { error: "Invalid status" }),
});

/** docs/SPEC.md §5: a tracking ID must not be empty after trimming. */
export const trackingFormSchema = z.object({
  orderId,
  trackingId: singleLineText({ error: "Please enter a tracking ID" })
    .trim()
    .min(1, { error: "Please enter a tracking ID", abort: true })
    .max(MAX_TRACKING_ID_LENGTH, {
      error: `A tracking ID has at most ${MAX_TRACKING_ID_LENGTH} characters`,
      abort: true,
    })
    .regex(/^[^\p{Cc}]+$/u, { error: "A tracking ID cannot contain line breaks or tabs" }),
});
export type TrackingForm = z.infer<typeof trackingFormSchema>;

/** The "Record cash received" button of a cash-on-delivery order. */
export const recordCashFormSchema = z.object({ orderId });
