import { sql } from "drizzle-orm";
import { orders, products, profiles, userRoles } from "../../../db/schema";
import { type Executor, queryRows } from "../../lib/db.server";

export type DashboardStats = {
  totalProducts: number;
  totalOrders: number;
  totalCustomers: number;
  /** Paise; cancelled orders are not revenue. */
  totalRevenue: number;
};

/** The four headline figures, in one round trip. */
export async function getDashboardStats(executor: Executor): Promise<DashboardStats> {
  const [row] = await queryRows<{
    total_products: number;
    total_orders: number;
    total_customers: number;
    total_revenue: number;
  }>(
    executor,
    sql`
    select
      (select count(*) from ${products})::int as total_products,
      (select count(*) from ${orders})::int as total_orders,
      (select count(*) from ${profiles} p
        where not exists (select 1 from ${userRoles} r where r.user_id = p.id))::int as total_customers,
      (select coalesce(sum(${orders.total}), 0) from ${orders} where ${orders.status} <> 'cancelled')::bigint as total_revenue
  `,
  );
  return {
    totalProducts: Number(row?.total_products ?? 0),
    totalOrders: Number(row?.total_orders ?? 0),
    totalCustomers: Number(row?.total_customers ?? 0),
    totalRevenue: Number(row?.total_revenue ?? 0),
  };
}
