import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Menu } from "~/components/icons";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { useHydrated } from "~/components/use-hydrated";
import { AdminNav } from "./admin-nav";

const menuButton =
  "inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-foreground hover:bg-secondary";

/**
 * On a phone the sidebar's links open from a menu button, like the storefront's drawer. Before
 * JavaScript loads the button is a disclosure that shows the links under the bar.
 */
export function AdminDrawer({ email, newOrders }: { email: string; newOrders: number }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();
  // Any navigation from inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);
  if (!hydrated) {
    return (
      <details>
        <summary className={menuButton} aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </summary>
        <AdminNav
          newOrders={newOrders}
          className="absolute inset-x-0 top-full border-border border-b bg-card p-3 shadow-md"
        />
      </details>
    );
  }
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={menuButton} aria-label="Open menu">
        <Menu className="size-5" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent side="left" aria-describedby={undefined} className="px-3">
        <SheetTitle className="px-3">Admin Panel</SheetTitle>
        <AdminNav newOrders={newOrders} />
        <p className="break-all px-3 text-muted-foreground text-xs">Signed in as {email}</p>
      </SheetContent>
    </Sheet>
  );
}
