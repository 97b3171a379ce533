import { sql } from "drizzle-orm";
import { db, queryRows } from "../../lib/db.server";

/** Header badges: cart count is the sum of quantities (SPEC §9), wishlist the saved products. */
export async function getHeaderCounts(userId: string) {
  const [row] = await queryRows<{ cart: number; wishlist: number }>(
    db(),
    sql`select
      coalesce((select sum(ci.quantity) from cart_items ci join carts c on c.id = ci.cart_id
                where c.user_id = ${userId}), 0)::int as cart,
      (select count(*) from wishlist w where w.user_id = ${userId})::int as wishlist`,
  );
  return { cart: Number(row?.cart ?? 0), wishlist: Number(row?.wishlist ?? 0) };
}
