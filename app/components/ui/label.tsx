import type { ComponentProps, MouseEvent } from "react";
import { cn } from "~/lib/cn";

export type LabelProps = ComponentProps<"label">;

/** A double click on a label's text does not select it, as with Radix's label, without Radix. */
function keepTextUnselected(event: MouseEvent<HTMLLabelElement>) {
  const onControl = (event.target as Element).closest("button, input, select, textarea");
  if (!onControl && event.detail > 1) event.preventDefault();
}

export function Label({ className, onMouseDown, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers give `htmlFor` or wrap the control.
    <label
      className={cn(
        "font-medium text-foreground text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-has-[:disabled]:cursor-not-allowed peer-has-[:disabled]:opacity-60",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented) keepTextUnselected(event);
      }}
      {...props}
    />
  );
}
