import { Link } from "react-router";
import { Package } from "~/components/icons";
import { Pagination } from "~/components/product/pagination";
import { buttonVariants } from "~/components/ui/button";
import { orderHistoryHref } from "~/domain/validation/order-history";
import { OrderCard, type OrderView } from "./order-card";

export type OrderPages = { page: number; pageCount: number; totalCount: number; pageSize: number };

/** docs/SPEC.md §2 Orders tab: the customer's orders, newest first, a page at a time. */
export function OrdersList({ orders, pages }: { orders: OrderView[]; pages: OrderPages }) {
  const first = (pages.page - 1) * pages.pageSize + 1;
  const last = first + orders.length - 1;
  return (
    <section aria-labelledby="orders-heading" className="grid gap-4">
      <h2 id="orders-heading" className="font-display font-semibold text-xl">
        Order History
      </h2>
      {orders.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-border bg-card p-10 text-center">
          <Package className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold text-lg">No orders yet</p>
          <p className="text-muted-foreground">Your orders will appear here once you place one.</p>
          <Link to="/products" className={buttonVariants()}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          {pages.pageCount > 1 ? (
            <p className="text-muted-foreground text-sm">
              Showing {first}–{last} of {pages.totalCount} orders
            </p>
          ) : null}
          <ul className="grid gap-4">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <Pagination page={pages.page} pageCount={pages.pageCount} hrefFor={orderHistoryHref} />
        </>
      )}
    </section>
  );
}
