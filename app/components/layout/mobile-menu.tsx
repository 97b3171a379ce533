import { Link } from "react-router";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import type { RootLoaderData } from "~/root";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";
import { SignOutForm } from "./sign-out-form";

type MobileMenuDrawerProps = Pick<RootLoaderData, "user"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back once the drawer has closed: the button that opened it. */
  returnFocus: () => void;
};

/**
 * docs/DESIGN.md §6.13: a drawer with the navigation, the second search form and the account
 * links. Its button is the header's own (mobile-menu-button.tsx), so a tap is kept even when it
 * comes before this code has arrived.
 */
export function MobileMenuDrawer({ user, open, onOpenChange, returnFocus }: MobileMenuDrawerProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        onCloseAutoFocus={(event) => {
          // Radix would focus its own trigger; this drawer's button lives in the header.
          event.preventDefault();
          returnFocus();
        }}
        aria-describedby={undefined}
      >
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
