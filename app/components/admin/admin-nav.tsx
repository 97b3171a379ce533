import { Form, NavLink } from "react-router";
import {
  Banknote,
  ExternalLink,
  FolderTree,
  History,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MessageCircle,
  MessageSquare,
  Package,
  Receipt,
  Settings,
  ShoppingBag,
  Ticket,
  Users,
} from "~/components/icons";
import { cn } from "~/lib/cn";
import { NewOrdersBadge } from "./new-orders-badge";

/** The back office's sections, in the order the sidebar and the phone drawer list them. */
export const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/admin/products", label: "Products", Icon: Package },
  { to: "/admin/orders", label: "Orders", Icon: ShoppingBag },
  { to: "/admin/customers", label: "Customers", Icon: Users },
  { to: "/admin/coupons", label: "Coupons", Icon: Ticket },
  { to: "/admin/reviews", label: "Reviews", Icon: MessageSquare },
  { to: "/admin/categories", label: "Categories", Icon: FolderTree },
  { to: "/admin/gst-returns", label: "GST Returns", Icon: Receipt },
  { to: "/admin/remittances", label: "Remittances", Icon: Banknote },
  { to: "/admin/settings", label: "Settings", Icon: Settings },
  { to: "/admin/messages", label: "Message settings", Icon: MessageCircle },
  { to: "/admin/audit-log", label: "Audit Log", Icon: History },
  { to: "/admin/jobs", label: "Background jobs", Icon: ListChecks },
] as const;

const linkClass = "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm";

/** The one list of back-office links, shown in the desktop sidebar and in the phone drawer. */
export function AdminNav({ className, newOrders }: { className?: string; newOrders: number }) {
  return (
    <nav aria-label="Admin" className={className}>
      <ul className="grid gap-1">
        {ADMIN_LINKS.map(({ to, label, Icon }) => (
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
              {to === "/admin/orders" ? <NewOrdersBadge count={newOrders} /> : null}
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
  );
}
