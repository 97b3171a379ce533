import { Outlet } from "react-router";
import { AdminDrawer } from "~/components/admin/admin-drawer";
import { AdminNav } from "~/components/admin/admin-nav";
import { CardPaymentsBanner } from "~/components/admin/card-payments-banner";
import { Leaf } from "~/components/icons";
import { requireAdmin } from "~/modules/accounts/session.server";
import { countNewOrders } from "~/modules/orders/new-order-alert.server";
import { cardPaymentMode } from "~/modules/payments/gateway.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

/** docs/DESIGN.md §6.1: the gate. Every child route checks again, since loaders run in parallel. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  return {
    admin: { fullName: admin.fullName, email: admin.email },
    cardPayments: cardPaymentMode(),
    newOrders: await countNewOrders(context.services.db),
  };
}

/** The new-orders badge follows every navigation, not only writes. */
export const shouldRevalidate = () => true;

function Brand() {
  return (
    <div className="flex items-center gap-2">
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Leaf className="size-5" aria-hidden="true" />
      </span>
      <span className="grid">
        <span className="font-display font-semibold text-primary">Satara Ayurveda</span>
        <span className="text-muted-foreground text-xs">Admin Panel</span>
      </span>
    </div>
  );
}

/** A sidebar from the md breakpoint up; below it a bar whose menu button opens a drawer. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted md:flex-row">
      <header className="sticky top-0 z-40 flex items-center gap-2 border-border border-b bg-card px-3 py-2 md:hidden">
        <AdminDrawer email={loaderData.admin.email} newOrders={loaderData.newOrders} />
        <Brand />
      </header>
      <aside className="hidden border-border border-r bg-card md:sticky md:top-0 md:block md:h-dvh md:w-64 md:shrink-0">
        <div className="p-5">
          <Brand />
        </div>
        <AdminNav className="px-3 pb-4" newOrders={loaderData.newOrders} />
        <p className="px-5 pb-5 text-muted-foreground text-xs">
          Signed in as {loaderData.admin.email}
        </p>
      </aside>
      {/* Below md nothing may widen the page: a table's scroll box is contained (and holds its
          screen-reader-only text), so the table scrolls inside its card, and grid items may shrink
          below their longest unbroken line (truncated names, wide figures). */}
      <main className="min-w-0 flex-1 p-4 md:p-8 [&_.overflow-x-auto]:relative [&_.overflow-x-auto]:[contain:inline-size] max-md:[&_.grid>*]:min-w-0">
        <CardPaymentsBanner mode={loaderData.cardPayments} />
        <Outlet />
      </main>
    </div>
  );
}
