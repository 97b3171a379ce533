import { LayoutDashboard, LogOut, User, UserRound } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

type MenuUser = { fullName: string; email: string; isAdmin: boolean } | null;

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-foreground hover:bg-secondary";

export function UserMenu({ user }: { user: MenuUser }) {
  const submit = useSubmit();
  if (!user) {
    return (
      <Link to="/auth" className={iconButton} aria-label="Sign in">
        <UserRound className="size-5" aria-hidden="true" />
      </Link>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={iconButton} aria-label="Account menu">
        <User className="size-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="font-semibold">
            {user.fullName ? `Hello, ${user.fullName}` : "Hello there"}
          </span>
          <span className="truncate font-normal text-muted-foreground text-xs">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin/dashboard">
              <LayoutDashboard aria-hidden="true" /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" /> My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/sign-out" })}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A plain form, for places that must work before JavaScript loads. */
export function SignOutForm({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/sign-out">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
