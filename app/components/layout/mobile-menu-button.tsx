import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { deferred } from "~/components/deferred";
import { Menu } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { RootLoaderData } from "~/root";
import { iconLink } from "./icon-link";

// The drawer's dialog code is not needed to read the page (docs/decisions/029).
const MobileMenuDrawer = deferred(() =>
  import("./mobile-menu").then((module) => module.MobileMenuDrawer),
);

/**
 * The phone header's menu button. It is part of the page's own code, so a tap is never lost: the
 * drawer opens as soon as its code is there, even if the tap came first. The drawer is mounted on
 * the first tap and kept, so it can animate closed.
 */
export function MobileMenu({ user }: Pick<RootLoaderData, "user">) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Any navigation from inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn(iconLink, "lg:hidden")}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      {opened ? (
        <MobileMenuDrawer
          user={user}
          open={open}
          onOpenChange={setOpen}
          returnFocus={() => button.current?.focus()}
        />
      ) : null}
    </>
  );
}
