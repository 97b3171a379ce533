import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { LayoutDashboard, LogOut, User } from "~/components/icons";
import { iconLink } from "./icon-link";

type MenuUser = { fullName: string; email: string; isAdmin: boolean };

const item =
  "relative flex w-full cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-2 text-left text-sm transition-colors hover:bg-secondary hover:text-secondary-foreground focus:bg-secondary focus:text-secondary-foreground focus-visible:-outline-offset-2 [&_svg]:size-4 [&_svg]:shrink-0";

function menuItems(menu: HTMLElement | null) {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * The signed-in customer's account menu in the header: a menu button (WAI-ARIA menu pattern) of
 * its own, small enough for every page's first load (docs/decisions/029). Arrow keys, Home and
 * End move between items, Escape closes and returns to the button, Tab or a click elsewhere closes.
 */
export function UserMenu({ user }: { user: MenuUser }) {
  const submit = useSubmit();
  const location = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    if (focusFirst) menuItems(menu.current)[0]?.focus();
    else menu.current?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [open, focusFirst]);

  const openWith = (keyboard: boolean) => {
    setFocusFirst(keyboard);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openWith(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key]!]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={iconLink}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith(false))}
        onKeyDown={onButtonKeyDown}
      >
        <User className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-50 mt-1 grid w-64 animate-fade-in rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg focus-visible:outline-none"
        >
          <div className="grid gap-0.5 px-2 py-1.5 text-xs">
            <span className="font-semibold text-muted-foreground">
              {user.fullName ? `Hello, ${user.fullName}` : "Hello there"}
            </span>
            <span className="truncate text-muted-foreground">{user.email}</span>
          </div>
          <hr className="-mx-1 my-1 h-px border-0 bg-border" />
          {user.isAdmin ? (
            <Link role="menuitem" tabIndex={-1} to="/admin/dashboard" className={item}>
              <LayoutDashboard aria-hidden="true" /> Admin Dashboard
            </Link>
          ) : null}
          <Link role="menuitem" tabIndex={-1} to="/profile" className={item}>
            <User aria-hidden="true" /> My Profile
          </Link>
          <hr className="-mx-1 my-1 h-px border-0 bg-border" />
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={item}
            onClick={() => {
              close(false);
              submit(null, { method: "post", action: "/sign-out" });
            }}
          >
            <LogOut aria-hidden="true" /> Sign Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
