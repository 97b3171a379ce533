import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Loading placeholder; hidden from assistive tech (announce loading state elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
