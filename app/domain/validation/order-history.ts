import { isUuid } from "../uuid";

/** Orders on one page of the customer's Orders tab. */
export const ORDER_HISTORY_PAGE_SIZE = 15;

/**
 * ?page= of the Orders tab: a positive whole number, else page 1. A page past the end is shown as
 * the last page (the service knows where the end is).
 */
export function orderHistoryPage(value: string | null): number {
  const text = value?.trim() ?? "";
  if (!/^[1-9]\d*$/.test(text)) return 1;
  return Number(text);
}

/** The Orders tab's URL for a page, keeping page 1 short. */
export function orderHistoryHref(page: number) {
  return page > 1 ? `/profile?tab=orders&page=${page}` : "/profile?tab=orders";
}

/** ?order= of the Orders tab (an order mail's link): an order id, else nothing. */
export function orderHistoryOrder(value: string | null): string | null {
  const text = value?.trim() ?? "";
  return isUuid(text) ? text.toLowerCase() : null;
}

/**
 * Where an order mail sends its customer: the Orders tab at the page that holds the order,
 * scrolled to it (the tab finds the page, however many orders came since).
 */
export function orderMailPath(orderId: string) {
  return `/profile?tab=orders&order=${orderId}#order-${orderId}-title`;
}
