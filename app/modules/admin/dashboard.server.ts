import { sql } from "drizzle-orm";
import { orders, products, profiles, userRoles } from "../../../db/schema";
import { indiaToday } from "../../domain/delivery-days";
import {
  NOT_LATE_ORDER_STATUSES,
  NOT_LATE_SHIPMENT_STATES,
  SHIPMENT_GROUP_STATES,
  type ShipmentGroup,
  type ShipmentStateGroup,
} from "../../domain/shipment-groups";
import { type Executor, queryRows } from "../../lib/db.server";
import { shownEmailSql } from "../../lib/shown-email.server";

export type DashboardStats = {
  /** Published products: those the shop sells (docs/decisions/022). */
  totalProducts: number;
  /** Products kept from shoppers, left out of the total. */
  draftProducts: number;
  archivedProducts: number;
  totalOrders: number;
  totalCustomers: number;
  /**
   * Paise received: paid orders (card, or cash recorded as received), cancelled orders and
   * test-gateway payments left out (decision 019).
   */
  totalRevenue: number;
  /** Paise of cash-on-delivery orders not cancelled whose cash is not yet recorded. */
  cashToCollect: number;
  /**
   * Paise taken through the built-in test gateway (no money moved), cancelled ones and what was
   * refunded of them left out.
   */
  testRevenue: number;
};

/** Orders whose card payment is the test gateway's: shown, but never counted as money. */
const TEST_PAYMENT = sql.raw(
  `(payment_method = 'razorpay' and payment_provider is not distinct from 'test')`,
);

/** The four headline figures (and what the products figure leaves out), in one round trip. */
export async function getDashboardStats(executor: Executor): Promise<DashboardStats> {
  const [row] = await queryRows<{
    total_products: number;
    draft_products: number;
    archived_products: number;
    total_orders: number;
    total_customers: number;
    total_revenue: number;
    test_revenue: number;
    cash_to_collect: number;
  }>(
    executor,
    sql`
    select
      (select count(*) from ${products} where ${products.status} = 'published')::int as total_products,
      (select count(*) from ${products} where ${products.status} = 'draft')::int as draft_products,
      (select count(*) from ${products} where ${products.status} = 'archived')::int as archived_products,
      (select count(*) from ${orders})::int as total_orders,
      (select count(*) from ${profiles} p
        where not exists (select 1 from ${userRoles} r where r.user_id = p.id))::int as total_customers,
      (select coalesce(sum(${orders.total}), 0) from ${orders}
        where ${orders.status} <> 'cancelled' and ${orders.paymentStatus} = 'paid'
          and not ${TEST_PAYMENT})::bigint
      - (select coalesce(sum(r.amount), 0) from refunds r join ${orders} on ${orders.id} = r.order_id
        where r.status = 'processed' and ${orders.status} <> 'cancelled'
          and ${orders.paymentStatus} = 'paid' and not ${TEST_PAYMENT})::bigint as total_revenue,
      (select coalesce(sum(${orders.total}), 0) from ${orders}
        where ${orders.status} <> 'cancelled' and ${orders.paymentMethod} = 'cod'
          and ${orders.paymentStatus} <> 'paid')::bigint as cash_to_collect,
      (select coalesce(sum(${orders.total}), 0) from ${orders}
        where ${orders.status} <> 'cancelled' and ${TEST_PAYMENT})::bigint
      - (select coalesce(sum(r.amount), 0) from refunds r join ${orders} on ${orders.id} = r.order_id
        where r.status = 'processed' and ${orders.status} <> 'cancelled'
          and ${TEST_PAYMENT})::bigint as test_revenue
  `,
  );
  return {
    totalProducts: Number(row?.total_products ?? 0),
    draftProducts: Number(row?.draft_products ?? 0),
    archivedProducts: Number(row?.archived_products ?? 0),
    totalOrders: Number(row?.total_orders ?? 0),
    totalCustomers: Number(row?.total_customers ?? 0),
    totalRevenue: Number(row?.total_revenue ?? 0),
    testRevenue: Number(row?.test_revenue ?? 0),
    cashToCollect: Number(row?.cash_to_collect ?? 0),
  };
}

export type RecentOrder = {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string | null;
  city: string;
  state: string;
  status: string;
  total: number;
  createdAt: Date;
  testPayment: boolean;
  paymentStatus: string;
  /** What card refunds have given back, and what is on its way (docs/decisions/049). */
  refundedAmount: number;
  refundPendingAmount: number;
};

/**
 * The latest orders; the customer is named from the profile (or the snapshot's recipient when the
 * account is gone), the place from the shipping address as it was when the order was placed.
 */
export async function getRecentOrders(executor: Executor, limit = 5): Promise<RecentOrder[]> {
  const rows = await queryRows<{
    id: string;
    order_number: string;
    customer_name: string | null;
    customer_email: string | null;
    city: string | null;
    state: string | null;
    status: string;
    total: number;
    created_at: Date | string;
    test_payment: boolean;
    payment_status: string;
    refunded_amount: number;
    refund_pending_amount: number;
  }>(
    executor,
    sql`
    select o.id, o.order_number, coalesce(nullif(trim(p.full_name), ''), o.shipping_address->>'fullName') as customer_name,
      ${shownEmailSql(sql`p.email`)} as customer_email, o.shipping_address->>'city' as city,
      o.shipping_address->>'state' as state, o.status, o.total, o.created_at,
      (o.payment_method = 'razorpay' and o.payment_provider is not distinct from 'test') as test_payment,
      o.payment_status,
      (select coalesce(sum(r.amount), 0) from refunds r
        where r.order_id = o.id and r.status = 'processed')::int as refunded_amount,
      (select coalesce(sum(r.amount), 0) from refunds r
        where r.order_id = o.id and r.status = 'pending')::int as refund_pending_amount
    from ${orders} o left join ${profiles} p on p.id = o.user_id
    order by o.created_at desc, o.id desc
    limit ${limit}
  `,
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    customerName: row.customer_name ?? "Guest",
    customerEmail: row.customer_email,
    city: row.city ?? "",
    state: row.state ?? "",
    status: row.status,
    total: Number(row.total),
    createdAt: new Date(row.created_at),
    testPayment: Boolean(row.test_payment),
    paymentStatus: row.payment_status,
    refundedAmount: Number(row.refunded_amount),
    refundPendingAmount: Number(row.refund_pending_amount),
  }));
}

/** The shop's calendar: days start at midnight in India. */
export const SHOP_TIME_ZONE = "Asia/Kolkata";

export type DailySales = {
  /** yyyy-MM-dd in India */
  day: string;
  /**
   * Paise from the orders placed that day less what was refunded of them (docs/decisions/039),
   * cancelled ones and test-gateway payments left out.
   */
  revenue: number;
  /** Orders placed that day, cancelled ones and test-gateway payments left out. */
  orders: number;
};

/**
 * Revenue and orders for each of the last `days` Indian calendar days up to and including today,
 * days without orders as zero: one grouped query over a series of days. Each day is matched as a
 * range of created_at, so the orders index on created_at answers it.
 */
export async function getDailySales(
  executor: Executor,
  options: { days?: number; now?: Date } = {},
): Promise<DailySales[]> {
  const days = options.days ?? 30;
  const now = options.now ?? new Date();
  const rows = await queryRows<{ day: string; revenue: number | string; orders: number }>(
    executor,
    sql`
    with bounds as (
      select (${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date as today
    ), calendar as (
      select d::date as day
      from bounds, generate_series(bounds.today - ${days - 1}::int, bounds.today, interval '1 day') d
    )
    select to_char(c.day, 'YYYY-MM-DD') as day,
      coalesce(sum(o.total - (select coalesce(sum(r.amount), 0) from refunds r
        where r.order_id = o.id and r.status = 'processed')), 0)::bigint as revenue,
      count(o.id)::int as orders
    from calendar c
    left join ${orders} o
      on o.created_at >= (c.day::timestamp at time zone ${SHOP_TIME_ZONE})
      and o.created_at < ((c.day + 1)::timestamp at time zone ${SHOP_TIME_ZONE})
      and o.status <> 'cancelled'
      and not (o.payment_method = 'razorpay' and o.payment_provider is not distinct from 'test')
    group by c.day
    order by c.day
  `,
  );
  return rows.map((row) => ({
    day: row.day,
    revenue: Number(row.revenue),
    orders: Number(row.orders),
  }));
}

/** Where the courier's parcels stand, per dashboard group, and the cash it holds (decision 061). */
export type ShipmentPanels = Record<ShipmentGroup, number> & {
  /** Paise of delivered cash-on-delivery orders the courier has not yet paid out. */
  cashWithCourier: number;
  ordersWithCourier: number;
};

/**
 * Orders late for the day promised (docs/decisions/072, isLateOrder's rule; the orders list's
 * ?shipment=late is the same condition): the day is before India's `today`, and the order is
 * neither delivered, cancelled nor its parcel returned.
 */
function lateOrders(today: string) {
  const statuses = NOT_LATE_ORDER_STATUSES.map((status) => sql`${status}`);
  const states = NOT_LATE_SHIPMENT_STATES.map((state) => sql`${state}`);
  return sql`${orders.promisedDeliveryOn} < ${today}::date and ${orders.status} not in (${sql.join(statuses, sql`, `)})
    and not exists (select 1 from shipments s where s.order_id = ${orders.id} and s.state in (${sql.join(states, sql`, `)}))`;
}

/** One round trip: the shipments counted by group, and what the courier owes. */
export async function getShipmentPanels(
  executor: Executor,
  now = new Date(),
): Promise<ShipmentPanels> {
  const counted = (group: ShipmentStateGroup) =>
    sql`count(*) filter (where state in (${sql.join(
      SHIPMENT_GROUP_STATES[group].map((state) => sql`${state}`),
      sql`, `,
    )}))::int`;
  const [row] = await queryRows<{
    awaiting_pickup: number;
    in_transit: number;
    failed_attempt: number;
    returning: number;
    late: number;
    cash_with_courier: number;
    orders_with_courier: number;
  }>(
    executor,
    sql`
    select ${counted("awaiting-pickup")} as awaiting_pickup, ${counted("in-transit")} as in_transit,
      ${counted("failed-attempt")} as failed_attempt, ${counted("returning")} as returning,
      (select count(*) from ${orders} where ${lateOrders(indiaToday(now))})::int as late,
      (select coalesce(sum(${orders.total}), 0) from ${orders}
        where ${orders.paymentMethod} = 'cod' and ${orders.status} = 'delivered'
          and ${orders.paymentStatus} = 'pending')::bigint as cash_with_courier,
      (select count(*) from ${orders}
        where ${orders.paymentMethod} = 'cod' and ${orders.status} = 'delivered'
          and ${orders.paymentStatus} = 'pending')::int as orders_with_courier
    from shipments
  `,
  );
  return {
    "awaiting-pickup": Number(row?.awaiting_pickup ?? 0),
    "in-transit": Number(row?.in_transit ?? 0),
    "failed-attempt": Number(row?.failed_attempt ?? 0),
    returning: Number(row?.returning ?? 0),
    late: Number(row?.late ?? 0),
    cashWithCourier: Number(row?.cash_with_courier ?? 0),
    ordersWithCourier: Number(row?.orders_with_courier ?? 0),
  };
}
