import { Link } from "react-router";
import {
  OrderStatusBadge,
  PaymentStatusBadge,
  TestPaymentBadge,
} from "~/components/account/order-badges";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { ExpiryPanel } from "~/components/admin/expiry-panel";
import { LedgerMismatches } from "~/components/admin/ledger-mismatches";
import { SalesChart } from "~/components/admin/sales-chart";
import { SignInCodeStops } from "~/components/admin/sign-in-code-stops";
import { AlertTriangle, IndianRupee, Package, ShoppingBag, Truck, Users } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCount, formatRupees } from "~/domain/money";
import { SHIPMENT_GROUP_LABELS, SHIPMENT_GROUPS } from "~/domain/shipment-groups";
import { EXPIRING_SOON_EXTRA_DAYS, expiringSoonBefore, shopDate } from "~/domain/stock-lots";
import { adminOrdersHref } from "~/domain/validation/order-admin";
import { requireAdmin } from "~/modules/accounts/session.server";
import { signInCodeStops } from "~/modules/accounts/sign-in-code-caps.server";
import {
  type DashboardStats,
  getDailySales,
  getDashboardStats,
  getRecentOrders,
  getShipmentPanels,
  type ShipmentPanels,
} from "~/modules/admin/dashboard.server";
import { getLowStockProducts } from "~/modules/catalog/low-stock.server";
import { sizeNaming } from "~/modules/catalog/size-naming.server";
import { getExpiryAlerts } from "~/modules/inventory/expiry-alerts.server";
import { findLedgerMismatches } from "~/modules/inventory/ledger-check.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const database = context.services.db;
  const { lowStockThreshold, minShelfLifeDays } = await getSettings(database);
  const today = shopDate();
  const expiryWindowDays = minShelfLifeDays + EXPIRING_SOON_EXTRA_DAYS;
  const [stats, recentOrders, lowStock, sales, expiry, mismatches, shipments, codeStops] =
    await Promise.all([
      getDashboardStats(database),
      getRecentOrders(database, 5),
      getLowStockProducts(database, lowStockThreshold, 5),
      getDailySales(database, { days: 30 }),
      getExpiryAlerts(
        database,
        { today, until: expiringSoonBefore(today, minShelfLifeDays) },
        sizeNaming,
      ),
      findLedgerMismatches(database),
      // With COURIER=off the dashboard is as it was: no courier, no parcels to watch.
      context.services.shipping.mode === "off" ? null : getShipmentPanels(database),
      signInCodeStops(database),
    ]);
  return {
    stats,
    recentOrders,
    lowStock,
    lowStockThreshold,
    sales,
    expiry,
    expiryWindowDays,
    mismatches,
    shipments,
    codeStops,
  };
}

/** What "Total Products" counts: the published products, with what it leaves out. */
function productsNote({ draftProducts, archivedProducts }: DashboardStats) {
  const hidden = [
    draftProducts ? `${draftProducts} ${draftProducts === 1 ? "draft" : "drafts"}` : null,
    archivedProducts ? `${archivedProducts} archived` : null,
  ].filter(Boolean);
  return hidden.length
    ? `Published, on sale. Not counted: ${hidden.join(" and ")}.`
    : "Published, on sale.";
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    stats,
    recentOrders,
    lowStock,
    lowStockThreshold,
    sales,
    expiry,
    expiryWindowDays,
    mismatches,
    shipments,
    codeStops,
  } = loaderData;
  const cards = [
    {
      title: "Total Products",
      value: formatCount(stats.totalProducts),
      Icon: Package,
      note: productsNote(stats),
    },
    { title: "Total Orders", value: formatCount(stats.totalOrders), Icon: ShoppingBag },
    { title: "Total Customers", value: formatCount(stats.totalCustomers), Icon: Users },
    {
      title: "Total Revenue",
      value: formatRupees(stats.totalRevenue),
      Icon: IndianRupee,
      note: [
        "Payments received.",
        stats.cashToCollect > 0
          ? `${formatRupees(stats.cashToCollect)} of cash on delivery still to collect.`
          : null,
        stats.testRevenue > 0
          ? `Excludes cancelled orders and ${formatRupees(stats.testRevenue)} of test payments (no money received)`
          : "Excludes cancelled orders and test payments",
      ]
        .filter(Boolean)
        .join(" "),
    },
  ];
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Dashboard" description="Overview of your store" />
      {codeStops.length > 0 ? <SignInCodeStops stops={codeStops} /> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map(({ title, value, Icon, note }) => (
          <li key={title}>
            <Card>
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle className="font-medium text-muted-foreground text-sm">{title}</CardTitle>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </CardHeader>
              <CardContent>
                <p className="font-semibold text-2xl">{value}</p>
                {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {shipments ? <ShipmentsPanel shipments={shipments} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="recent-orders-heading">
          <Card className="h-full">
            <CardHeader className="flex flex-row items-center justify-between">
              <h2 id="recent-orders-heading" className="font-display font-semibold text-lg">
                Recent Orders
              </h2>
              <Link
                to="/admin/orders"
                className="text-primary text-sm underline-offset-4 hover:underline"
              >
                View all orders
              </Link>
            </CardHeader>
            <CardContent>
              {recentOrders.length === 0 ? (
                <p className="py-6 text-center text-muted-foreground">No orders yet</p>
              ) : (
                <ul className="grid divide-y divide-border">
                  {recentOrders.map((order) => (
                    <li key={order.id} className="flex items-center justify-between gap-3 py-3">
                      <div className="min-w-0">
                        <p className="font-medium">{order.orderNumber}</p>
                        <p className="truncate text-muted-foreground text-sm">
                          {order.customerName}
                          {order.city || order.state
                            ? ` · ${[order.city, order.state].filter(Boolean).join(", ")}`
                            : ""}
                        </p>
                      </div>
                      <div className="grid shrink-0 justify-items-end gap-1">
                        <span className="font-semibold">{formatRupees(order.total)}</span>
                        <OrderStatusBadge status={order.status} />
                        {order.paymentStatus === "refunded" ||
                        order.refundedAmount + order.refundPendingAmount > 0 ? (
                          <PaymentStatusBadge payment={order} />
                        ) : null}
                        {order.testPayment ? <TestPaymentBadge /> : null}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </section>
        <section aria-labelledby="low-stock-heading">
          <Card className="h-full">
            <CardHeader>
              <h2
                id="low-stock-heading"
                className="flex items-center gap-2 font-display font-semibold text-lg"
              >
                <AlertTriangle className="size-5 text-accent-strong" aria-hidden="true" />
                Low Stock Alerts
              </h2>
              <p className="text-muted-foreground text-sm">
                Products with {lowStockThreshold} or fewer in stock.{" "}
                <Link to="/admin/settings" className="text-primary underline underline-offset-4">
                  Change the threshold
                </Link>
              </p>
            </CardHeader>
            <CardContent>
              {lowStock.length === 0 ? (
                <p className="py-6 text-center text-muted-foreground">
                  All products are well stocked
                </p>
              ) : (
                <ul className="grid divide-y divide-border">
                  {lowStock.map((product) => (
                    <li key={product.id} className="flex items-center justify-between gap-3 py-3">
                      <span className="min-w-0 truncate font-medium">{product.name}</span>
                      <Badge variant={product.stockQuantity === 0 ? "destructive" : "warning"}>
                        {product.stockQuantity === 0
                          ? "Out of Stock"
                          : `${product.stockQuantity} left`}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </section>
      </div>
      {mismatches.length > 0 ? <LedgerMismatches mismatches={mismatches} /> : null}
      {expiry.tracksBatches ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ExpiryPanel
            id="expiring-soon-heading"
            title="Expiring soon"
            description={`Lots with stock that expire within ${expiryWindowDays} days: the minimum shelf life and 60 days more.`}
            emptyText="No lot expires soon"
            alerts={expiry.expiringSoon}
          />
          <ExpiryPanel
            id="expired-stock-heading"
            title="Expired stock on hand"
            description="Lots past their expiry that still hold units: write them off."
            emptyText="No expired stock on hand"
            alerts={expiry.expired}
            expired
          />
        </div>
      ) : null}
      <section aria-labelledby="sales-heading">
        <Card>
          <CardHeader>
            <h2 id="sales-heading" className="font-display font-semibold text-lg">
              Sales, last 30 days
            </h2>
          </CardHeader>
          <CardContent>
            <SalesChart days={sales} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

/** The courier's parcels by where they stand, each a link to those orders (decision 061). */
function ShipmentsPanel({ shipments }: { shipments: ShipmentPanels }) {
  return (
    <section aria-labelledby="shipments-heading">
      <Card>
        <CardHeader>
          <h2
            id="shipments-heading"
            className="flex items-center gap-2 font-display font-semibold text-lg"
          >
            <Truck className="size-5 text-primary" aria-hidden="true" />
            Shipments
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
            {SHIPMENT_GROUPS.map((group) => (
              <li key={group}>
                <Link
                  to={adminOrdersHref({ shipment: group })}
                  className="grid gap-1 rounded-lg border border-border p-3 hover:bg-secondary"
                >
                  <span className="font-semibold text-2xl tabular-nums">
                    {formatCount(shipments[group])}
                  </span>
                  <span className="text-muted-foreground text-sm">
                    {SHIPMENT_GROUP_LABELS[group]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-sm">
            {shipments.ordersWithCourier === 0
              ? "The courier holds no cash on delivery for the shop."
              : `${formatRupees(shipments.cashWithCourier)} of cash on delivery is with the courier for ${formatCount(shipments.ordersWithCourier)} delivered ${shipments.ordersWithCourier === 1 ? "order" : "orders"}.`}{" "}
            <Link to="/admin/remittances" className="text-primary underline underline-offset-4">
              Remittances
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
