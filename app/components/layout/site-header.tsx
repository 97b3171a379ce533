import { Link, NavLink } from "react-router";
import { Heart, Leaf, Mail, Phone, ShoppingCart, Truck, UserRound } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { RootLoaderData } from "~/root";
import { CountBadge } from "./count-badge";
import { iconLink } from "./icon-link";
import { MobileMenu } from "./mobile-menu-button";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";
import { UserMenu } from "./user-menu";

type HeaderProps = Pick<RootLoaderData, "user" | "counts" | "shop">;

/**
 * docs/SPEC.md §2: free shipping, phone and e-mail, on every screen. On a phone the contacts take a
 * line of their own under the offer, and a long address wraps within the bar.
 */
export function PromoBar({ shop }: Pick<HeaderProps, "shop">) {
  return (
    <div className="bg-primary text-primary-foreground text-xs sm:text-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-2 sm:justify-between">
        <p className="flex items-center gap-2">
          <Truck className="size-4" aria-hidden="true" />
          Free shipping on orders above ₹999
        </p>
        <div className="flex min-w-0 flex-wrap items-center justify-center gap-x-4 gap-y-1">
          <a
            href={`tel:${shop.phone.replace(/\s+/g, "")}`}
            className="flex items-center gap-1.5 whitespace-nowrap hover:underline"
          >
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            {shop.phone}
          </a>
          <a
            href={`mailto:${shop.email}`}
            className="flex min-w-0 items-center gap-1.5 [overflow-wrap:anywhere] hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
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
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/auth" className={iconLink} aria-label="Sign in">
              <UserRound className="size-5" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
