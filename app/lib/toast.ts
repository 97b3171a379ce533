/** A message shown as a toast on the next page (set by the server, shown by the browser). */
export type Toast = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Shown this many milliseconds after the page appears (docs/SPEC.md §4: the welcome toast waits 500 ms). */
  delayMs?: number;
  /** Throws confetti with the toast (docs/SPEC.md §9: a coupon was applied). */
  confetti?: boolean;
};

/** The cookie a toast travels in to the next page (app/lib/toast.server.ts). */
export const TOAST_COOKIE = "shop_toast";
