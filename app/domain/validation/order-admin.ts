import { listHref, pageParam } from "../admin-list-query";
import { rupeesToPaise } from "../money";
import { ORDER_STATUSES, type OrderStatus } from "../orders";
import { SHIPMENT_GROUPS, type ShipmentGroup } from "../shipment-groups";
import { z } from "../zod";
import { addressSchema } from "./address";
import { searchText, singleLineText } from "./text";

/** Orders on one page of /admin/orders. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const MAX_ORDER_SEARCH_LENGTH = 100;
export const MAX_TRACKING_ID_LENGTH = 100;

export type AdminOrderQuery = {
  /**
   * Order number, customer name or e-mail, matched case-insensitively anywhere in the text; or a
   * phone number, matched by its digits (app/domain/phone-search.ts).
   */
  q: string | undefined;
  status: OrderStatus | undefined;
  /** Orders whose parcel is in one of the dashboard's shipment groups (decision 061). */
  shipment?: ShipmentGroup | undefined;
  page: number;
};

const queryParams = z.object({
  q: searchText(MAX_ORDER_SEARCH_LENGTH).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  shipment: z.enum(SHIPMENT_GROUPS).optional().catch(undefined),
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
    shipment: params.get("shipment") || undefined,
    page: params.get("page") ?? undefined,
  });
  return {
    q: parsed.q || undefined,
    status: parsed.status,
    ...(parsed.shipment ? { shipment: parsed.shipment } : {}),
    page: parsed.page,
  };
}

/** The URL of the list (or of its CSV export) keeping only non-default parameters. */
export function adminOrdersHref(
  query: Partial<AdminOrderQuery> & { view?: string },
  path = "/admin/orders",
) {
  return listHref(path, {
    q: query.q,
    status: query.status,
    shipment: query.shipment,
    page: query.page,
    view: query.view,
  });
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

/**
 * "Update address" on an order the courier could not deliver (docs/decisions/074): the checkout's
 * own address rules, so the order can still be shipped to it.
 */
export const orderAddressFormSchema = addressSchema.extend({ orderId });

export const MAX_REFUND_REASON_LENGTH = 200;

/**
 * A partial refund of a card order from its detail (docs/decisions/039): an amount in rupees above
 * ₹0 with at most two decimals, and a reason. Whether it fits what is left to refund is the
 * server's to check against the payment.
 */
export const refundFormSchema = z.object({
  orderId,
  amount: singleLineText({ error: "Please enter the amount to refund" })
    .trim()
    .min(1, { error: "Please enter the amount to refund", abort: true })
    .transform((text, ctx) => {
      const paise = rupeesToPaise(text);
      if (paise === null || paise <= 0) {
        ctx.addIssue({
          code: "custom",
          message: "The refund must be an amount above ₹0 with at most 2 decimals",
        });
        return z.NEVER;
      }
      return paise;
    }),
  reason: singleLineText({ error: "Please give a reason for the refund" })
    .trim()
    .min(3, { error: "Please give a reason for the refund", abort: true })
    .max(MAX_REFUND_REASON_LENGTH, {
      error: `A reason has at most ${MAX_REFUND_REASON_LENGTH} characters`,
    }),
});
export type RefundForm = z.infer<typeof refundFormSchema>;

/** The "Retry refund" button of a refund the gateway refused. */
export const retryRefundFormSchema = z.object({
  refundId: z.uuid({ error: "That refund could not be found" }),
});
