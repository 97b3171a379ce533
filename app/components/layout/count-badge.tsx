/** The number on the cart and wishlist icons; nothing at 0 (docs/SPEC.md §2). */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 font-semibold text-[11px] text-accent-foreground leading-5"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
