import { useEffect } from "react";
import type { Toast } from "~/lib/toast";

/**
 * Shows a toast. The toast library (and the confetti) are loaded with the first toast, not with
 * the page; the toast waits until the toaster is on the page, or it would be lost.
 */
export function notify(toast: Toast) {
  let cancelled = false;
  const show = async () => {
    const [display] = await Promise.all([import("./toast-display"), toasterMounted]);
    if (!cancelled) display.displayToast(toast);
  };
  const timer = window.setTimeout(() => void show(), toast.delayMs ?? 0);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}

let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster once it listens for toasts. */
export function toasterIsMounted() {
  markMounted();
}

const shown = new WeakSet<Toast>();

/**
 * Shows a toast handed over by the server (through the flash cookie) once it arrives. It is not
 * cancelled when the page's data moves on: a dialog that closes right after its save replaces the
 * data the toast came with, often before the toaster's code has loaded on a fresh page, and the
 * toast would be lost. Each toast the server sent is shown once.
 */
export function ShowToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast || shown.has(toast)) return;
    shown.add(toast);
    notify(toast);
  }, [toast]);
  if (!toast) return null;
  // Without JavaScript the message is still read, as a plain status line.
  return (
    <noscript>
      <div role="status" className="fixed inset-x-0 top-0 z-50 bg-card p-3 text-center shadow">
        <strong>{toast.title}</strong>
        {toast.description ? <span> {toast.description}</span> : null}
      </div>
    </noscript>
  );
}
