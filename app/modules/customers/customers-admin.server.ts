import { type SQL, sql } from "drizzle-orm";
import { addresses, orders, profiles, refunds, userRoles } from "../../../db/schema";
import { shownEmail } from "../../domain/mobile-number";
import { type Executor, queryRows } from "../../lib/db.server";

export const CUSTOMERS_PAGE_SIZE = 20;

/**
 * Customer statistics leave cancelled orders out of the money, as the dashboard's revenue does:
 * "Total Orders" counts every order placed, "Total Spent" and "Last Purchase" only orders that
 * were not cancelled. "Total Spent" is what the customer kept paying for: each order's total less
 * its processed refunds, so a delivery refunded in full counts nothing, as a return (cancelled,
 * and refunded by its cancellation) does.
 */
export type CustomerSummary = {
  id: string;
  fullName: string | null;
  email: string;
  /** The profile's phone, else the one given with the customer's newest address. */
  phone: string | null;
  joinedAt: Date;
  totalOrders: number;
  /** Paise: totals of orders not cancelled, less what was refunded of them. */
  totalSpent: number;
  lastPurchaseAt: Date | null;
};

export type CustomerPage = {
  customers: CustomerSummary[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
};

/** Escapes LIKE's wildcards so a search for "50%" means the characters typed. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Customers are accounts without an administrator role. */
function customerFilter(query: string): SQL {
  const notAdmin = sql`not exists (select 1 from ${userRoles} r where r.user_id = p.id)`;
  if (!query) return notAdmin;
  const pattern = likePattern(query);
  return sql`${notAdmin} and (p.full_name ilike ${pattern} or p.email ilike ${pattern})`;
}

/**
 * The profile's phone, else the phone of the newest address the customer gave: a saved address or
 * an order's shipping address. Checkout asks for a phone with the address and saves it there (or
 * only on the order, when "save address" is unticked), never on the profile.
 */
const phoneOfProfile = sql`coalesce(nullif(trim(p.phone), ''), (
  select given.phone from (
    select a.phone, a.created_at from ${addresses} a where a.user_id = p.id
    union all
    select o.shipping_address->>'phone', o.created_at from ${orders} o where o.user_id = p.id
  ) given
  where nullif(trim(given.phone), '') is not null
  order by given.created_at desc limit 1
))`;

/** Paise a card refund gave back of the order `o`. */
const refundedOfOrder = sql`(select coalesce(sum(r.amount), 0) from ${refunds} r
  where r.order_id = o.id and r.status = 'processed')`;

/** Over the customer's orders `o`: what they paid for and kept (docs/decisions/039). */
const totalSpent = sql`coalesce(sum(greatest(o.total - ${refundedOfOrder}, 0))
  filter (where o.status <> 'cancelled'), 0)::bigint`;

type SummaryRow = {
  id: string;
  full_name: string | null;
  email: string;
  phone: string | null;
  created_at: Date | string;
  total_orders: number;
  total_spent: number | string;
  last_purchase_at: Date | string | null;
};

function toSummary(row: SummaryRow): CustomerSummary {
  return {
    id: row.id,
    fullName: row.full_name?.trim() ? row.full_name : null,
    // The placeholder address of an account made by mobile sign-in is no address (decision 062).
    email: shownEmail(row.email),
    phone: row.phone?.trim() ? row.phone : null,
    joinedAt: new Date(row.created_at),
    totalOrders: Number(row.total_orders),
    totalSpent: Number(row.total_spent),
    lastPurchaseAt: row.last_purchase_at ? new Date(row.last_purchase_at) : null,
  };
}

/**
 * One page of customers, newest first, searched by name or e-mail (case-insensitive substring),
 * with each one's statistics from one grouped query over that page's orders.
 */
export async function listCustomers(
  executor: Executor,
  options: { query?: string; page?: number; pageSize?: number } = {},
): Promise<CustomerPage> {
  const query = (options.query ?? "").trim().slice(0, 100);
  const pageSize = options.pageSize ?? CUSTOMERS_PAGE_SIZE;
  const filter = customerFilter(query);
  const [counted] = await queryRows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from ${profiles} p where ${filter}`,
  );
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), pageCount);
  const rows = await queryRows<SummaryRow>(
    executor,
    sql`
    select p.id, p.full_name, p.email, p.phone, p.created_at,
      count(o.id)::int as total_orders,
      ${totalSpent} as total_spent,
      max(o.created_at) filter (where o.status <> 'cancelled') as last_purchase_at
    from (
      select p.id, p.full_name, p.email, ${phoneOfProfile} as phone, p.created_at from ${profiles} p
      where ${filter}
      order by p.created_at desc, p.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}
    ) p
    left join ${orders} o on o.user_id = p.id
    group by p.id, p.full_name, p.email, p.phone, p.created_at
    order by p.created_at desc, p.id desc
  `,
  );
  return { customers: rows.map(toSummary), total, page, pageCount, query };
}

export type CustomerOrder = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  total: number;
  /** Paise a card refund gave back. */
  refunded: number;
  status: string;
};

export type CustomerDetail = CustomerSummary & { orders: CustomerOrder[] };

/** One customer with every order, newest first; null for an unknown id or an administrator. */
export async function getCustomerDetail(
  executor: Executor,
  id: string,
): Promise<CustomerDetail | null> {
  const [row] = await queryRows<SummaryRow>(
    executor,
    sql`
    select p.id, p.full_name, p.email, ${phoneOfProfile} as phone, p.created_at,
      count(o.id)::int as total_orders,
      ${totalSpent} as total_spent,
      max(o.created_at) filter (where o.status <> 'cancelled') as last_purchase_at
    from ${profiles} p
    left join ${orders} o on o.user_id = p.id
    where p.id = ${id} and ${customerFilter("")}
    group by p.id, p.full_name, p.email, p.phone, p.created_at
  `,
  );
  if (!row) return null;
  const orderRows = await queryRows<{
    id: string;
    order_number: string;
    created_at: Date | string;
    total: number;
    refunded: number;
    status: string;
  }>(
    executor,
    sql`select o.id, o.order_number, o.created_at, o.total, o.status,
          ${refundedOfOrder}::int as refunded
        from ${orders} o
        where o.user_id = ${id} order by o.created_at desc, o.id desc`,
  );
  return {
    ...toSummary(row),
    orders: orderRows.map((order) => ({
      id: order.id,
      orderNumber: order.order_number,
      createdAt: new Date(order.created_at),
      total: Number(order.total),
      refunded: Number(order.refunded),
      status: order.status,
    })),
  };
}
