import { cn } from "~/lib/cn";

/**
 * The look the shop's dialogs share, whether they ask a question (AlertDialog) or hold a form or
 * some details (Dialog): the dimmed page behind, the card in the middle, its title and text.
 */
export const dialogOverlayClass =
  "fixed inset-0 z-50 bg-black opacity-50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

export function dialogPanelClass(className?: string) {
  return cn(
    "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl focus-visible:outline-none",
    "data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in",
    className,
  );
}

export function dialogTitleClass(className?: string) {
  return cn("font-display font-semibold text-foreground text-xl leading-tight", className);
}

export function dialogDescriptionClass(className?: string) {
  return cn("text-muted-foreground text-sm", className);
}
