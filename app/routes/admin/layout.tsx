import {
  ExternalLink,
  FolderTree,
  History,
  LayoutDashboard,
  Leaf,
  LogOut,
  MessageSquare,
  Package,
  Settings,
  ShoppingBag,
  Ticket,
  Users,
} from "lucide-react";
import { Form, NavLink, Outlet } from "react-router";
import { CardPaymentsBanner } from "~/components/admin/card-payments-banner";
import { NewOrdersBadge } from "~/components/admin/new-orders-badge";
import { cn } from "~/lib/cn";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { countNewOrders } from "~/modules/orders/new-order-alert.server";
import { cardPaymentMode } from "~/modules/payments/gateway.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

/** DESIGN §6.1: the gate. Every child route checks again, since loaders run in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    admin: { fullName: admin.fullName, email: admin.email },
    cardPayments: cardPaymentMode(),
    newOrders: await countNewOrders(db()),
  };
}

/** The new-orders badge follows every navigation, not only writes. */
export const shouldRevalidate = () => true;

const LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/admin/products", label: "Products", Icon: Package },
  { to: "/admin/orders", label: "Orders", Icon: ShoppingBag },
  { to: "/admin/customers", label: "Customers", Icon: Users },
  { to: "/admin/coupons", label: "Coupons", Icon: Ticket },
  { to: "/admin/reviews", label: "Reviews", Icon: MessageSquare },
  { to: "/admin/categories", label: "Categories", Icon: FolderTree },
  { to: "/admin/settings", label: "Settings", Icon: Settings },
  { to: "/admin/audit-log", label: "Audit Log", Icon: History },
];

const linkClass = "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted md:flex-row">
      <aside className="border-border border-b bg-card md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center gap-2 p-5">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Leaf className="size-5" aria-hidden="true" />
          </span>
          <span className="grid">
            <span className="font-display font-semibold text-primary">Satara Ayurveda</span>
            <span className="text-muted-foreground text-xs">Admin Panel</span>
          </span>
        </div>
        <nav aria-label="Admin" className="px-3 pb-4">
          <ul className="grid gap-1">
            {LINKS.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      linkClass,
                      isActive ? "bg-primary text-primary-foreground" : "hover:bg-secondary",
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                  {to === "/admin/orders" ? <NewOrdersBadge count={loaderData.newOrders} /> : null}
                </NavLink>
              </li>
            ))}
            <li className="mt-4 border-border border-t pt-4">
              <a href="/" className={cn(linkClass, "hover:bg-secondary")}>
                <ExternalLink className="size-4" aria-hidden="true" />
                View Website
              </a>
            </li>
            <li>
              <Form method="post" action="/sign-out">
                <button type="submit" className={cn(linkClass, "w-full hover:bg-secondary")}>
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign Out
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <p className="hidden px-5 pb-5 text-muted-foreground text-xs md:block">
          Signed in as {loaderData.admin.email}
        </p>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <CardPaymentsBanner mode={loaderData.cardPayments} />
        <Outlet />
      </main>
    </div>
  );
}
