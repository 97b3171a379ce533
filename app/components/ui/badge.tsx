import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * "default" | "secondary" | "outline" | "destructive" | "success" | "warning" plus the
 * remaining order-status tones "info" (blue), "purple" and "neutral" (grey).
 */
export type BadgeVariant =
  | "default"
  | "secondary"
  | "outline"
  | "destructive"
  | "success"
  | "warning"
  | "info"
  | "purple"
  | "neutral";

const variants: Record<BadgeVariant, string> = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  outline: "border-border bg-transparent text-foreground",
  destructive: "border-transparent bg-badge-red text-badge-red-foreground",
  success: "border-transparent bg-badge-green text-badge-green-foreground",
  warning: "border-transparent bg-badge-yellow text-badge-yellow-foreground",
  info: "border-transparent bg-badge-blue text-badge-blue-foreground",
  purple: "border-transparent bg-badge-purple text-badge-purple-foreground",
  neutral: "border-transparent bg-badge-grey text-badge-grey-foreground",
};

export function badgeVariants({
  variant = "default",
  className,
}: {
  variant?: BadgeVariant;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs [&_svg]:size-3",
    variants[variant],
    className,
  );
}

export interface BadgeProps extends ComponentProps<"span"> {
  variant?: BadgeVariant;
}

export function Badge({ variant, className, ...props }: BadgeProps) {
  return <span className={badgeVariants({ variant, className })} {...props} />;
}
