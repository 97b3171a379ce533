import type { ComponentProps } from "react";
import { Check } from "~/components/icons";
import { cn } from "~/lib/cn";

/**
 * A native checkbox drawn in the shop's style: the browser gives it its role, keyboard (Space),
 * form value ("on" or `value`) and label; the tick is drawn over it when checked. Not Radix's,
 * which a page would load for this alone (docs/decisions/029).
 */
export type CheckboxProps = Omit<ComponentProps<"input">, "type">;

export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <span className="peer relative inline-flex size-5 shrink-0">
      <input
        type="checkbox"
        className={cn(
          "peer size-5 shrink-0 cursor-pointer appearance-none rounded-sm border border-input bg-card shadow-xs transition-colors",
          "checked:border-primary checked:bg-primary",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
          className,
        )}
        {...props}
      />
      <Check
        className="pointer-events-none absolute inset-0.5 hidden size-4 text-primary-foreground peer-checked:block"
        strokeWidth={3}
        aria-hidden="true"
      />
    </span>
  );
}
