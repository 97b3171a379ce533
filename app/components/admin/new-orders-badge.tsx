/**
 * The count of new orders beside the back office's Orders link. The link's name reads
 * "Orders 3 new", so it still contains the visible "Orders 3".
 */
export function NewOrdersBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 font-semibold text-accent-foreground text-xs">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> new</span>
    </span>
  );
}
