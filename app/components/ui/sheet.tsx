import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { X } from "~/components/icons";
import { cn } from "~/lib/cn";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
const sides = {
  left: "inset-y-0 left-0 border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left",
  right:
    "inset-y-0 right-0 border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right",
} as const;

export interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: "left" | "right";
}

export function SheetContent({ className, children, side = "right", ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black opacity-50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content
        className={cn(
          "fixed z-50 flex h-full w-[85%] max-w-sm flex-col gap-4 overflow-y-auto border-border bg-card p-6 text-card-foreground shadow-xl focus-visible:outline-none",
          sides[side],
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-secondary hover:text-secondary-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      className={cn("pr-8 font-display font-semibold text-foreground text-lg", className)}
      {...props}
    />
  );
}
