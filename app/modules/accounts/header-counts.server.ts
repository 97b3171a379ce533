import type { Accounts } from "./accounts.server";
import { getShopper } from "./session.server";

/**
 * Header badges: cart count is the sum of quantities (docs/SPEC.md §9), wishlist the saved
 * products; read with the session, in one query.
 */
export async function getHeaderCounts(accounts: Accounts, request: Request) {
  const shopper = await getShopper(accounts, request);
  return { cart: shopper?.cartUnits ?? 0, wishlist: shopper?.savedProductIds.size ?? 0 };
}
