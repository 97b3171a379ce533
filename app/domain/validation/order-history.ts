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
