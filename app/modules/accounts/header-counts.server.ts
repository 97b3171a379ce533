import { getShopper } from "./session.server";

/**
 * Header badges: cart count is the sum of quantities (docs/SPEC.md §9), wishlist the saved
 * products; read with the session, in one query.
 */
export async function getHeaderCounts(request: Request) {
  const shopper = await getShopper(request);
  return { cart: shopper?.cartUnits ?? 0, wishlist: shopper?.savedProductIds.size ?? 0 };
}
