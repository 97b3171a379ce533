import { Heart, Leaf, Mail, Menu, Phone, ShoppingCart, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import type { RootLoaderData } from "~/root";
import { CountBadge } from "./count-badge";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";
import { SignOutForm, UserMenu } from "./user-menu";

type HeaderProps = Pick<RootLoaderData, "user" | "counts" | "shop">;

const iconLink =
  "relative inline-flex size-10 items-center justify-center rounded-full text-foreground hover:bg-secondary";

export function PromoBar({ shop }: Pick<HeaderProps, "shop">) {
  return (
    <div className="bg-primary text-primary-foreground text-xs sm:text-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-2 sm:justify-between">
        <p className="flex items-center gap-2">
          <Truck className="size-4" aria-hidden="true" />
          Free shipping on orders above ₹999
        </p>
        <div className="flex items-center gap-4">
          <a
            href={`tel:${shop.phone.replace(/\s+/g, "")}`}
            className="flex items-center gap-1.5 hover:underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {shop.phone}
          </a>
          <a
            href={`mailto:${shop.email}`}
            className="hidden items-center gap-1.5 hover:underline sm:flex"
          >
            <Mail className="size-4" aria-hidden="true" />
            {shop.email}
          </a>
        </div>
      </div>
    </div>
  );
}

export function Logo({ name }: { name: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${name} home`}>
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Leaf className="size-5" aria-hidden="true" />
      </span>
      <span className="font-display font-semibold text-primary text-xl leading-tight">{name}</span>
    </Link>
  );
}

export function SiteHeader({ user, counts, shop }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-border border-b bg-card/95 backdrop-blur">
      <PromoBar shop={shop} />
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <MobileMenu user={user} />
        <Logo name={shop.name} />
        <SearchForm id="header-search" className="hidden max-w-md flex-1 md:block" />
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-3 py-2 font-medium text-sm hover:bg-secondary",
                      isActive && "text-primary underline underline-offset-8",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          {user ? (
            <>
              <Link
                to="/wishlist"
                className={iconLink}
                aria-label={`Wishlist, ${counts.wishlist} ${counts.wishlist === 1 ? "item" : "items"}`}
              >
                <Heart className="size-5" aria-hidden="true" />
                <CountBadge count={counts.wishlist} />
              </Link>
              <Link
                to="/cart"
                className={iconLink}
                aria-label={`Cart, ${counts.cart} ${counts.cart === 1 ? "item" : "items"}`}
              >
                <ShoppingCart className="size-5" aria-hidden="true" />
                <CountBadge count={counts.cart} />
              </Link>
            </>
          ) : null}
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}

/** DESIGN §6.13: a drawer with the navigation, the second search form and the account links. */
function MobileMenu({ user }: Pick<HeaderProps, "user">) {
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
