import { Menu } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { AdminNav } from "./admin-nav";

/** On a phone the sidebar's links open from a menu button, like the storefront's drawer. */
export function AdminDrawer({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Any navigation from inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        className="inline-flex size-10 items-center justify-center rounded-full text-foreground hover:bg-secondary"
        aria-label="Open menu"
      >
        <Menu className="size-5" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent side="left" aria-describedby={undefined} className="px-3">
        <SheetTitle className="px-3">Admin Panel</SheetTitle>
        <AdminNav />
        <p className="break-all px-3 text-muted-foreground text-xs">Signed in as {email}</p>
      </SheetContent>
    </Sheet>
  );
}
