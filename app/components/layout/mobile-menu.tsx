import { Menu } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import type { RootLoaderData } from "~/root";
import { iconLink } from "./icon-link";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";
import { SignOutForm } from "./sign-out-form";

/** docs/DESIGN.md §6.13: a drawer with the navigation, the second search form and the account links. */
export function MobileMenu({ user }: Pick<RootLoaderData, "user">) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Any navigation from inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={cn(iconLink, "lg:hidden")} aria-label="Open menu">
        <Menu className="size-5" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent side="left" aria-describedby={undefined}>
        <SheetTitle>Menu</SheetTitle>
        <SearchForm id="mobile-search" />
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="block rounded-md px-3 py-2 font-medium hover:bg-secondary"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-1 border-border border-t pt-4">
          {user ? (
            <>
              <p className="px-3 text-muted-foreground text-sm">
                {user.fullName ? `Hello, ${user.fullName}` : "Hello there"}
              </p>
              {user.isAdmin ? (
                <Link to="/admin/dashboard" className="rounded-md px-3 py-2 hover:bg-secondary">
                  Admin Dashboard
                </Link>
              ) : null}
              <Link to="/profile" className="rounded-md px-3 py-2 hover:bg-secondary">
                My Profile
              </Link>
              <Link to="/wishlist" className="rounded-md px-3 py-2 hover:bg-secondary">
                Wishlist
              </Link>
              <Link to="/cart" className="rounded-md px-3 py-2 hover:bg-secondary">
                Cart
              </Link>
              <SignOutForm className="w-full rounded-md px-3 py-2 text-left hover:bg-secondary">
                Sign Out
              </SignOutForm>
            </>
          ) : (
            <Link to="/auth" className="rounded-md px-3 py-2 hover:bg-secondary">
              Sign In / Sign Up
            </Link>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
