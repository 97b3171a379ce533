import confetti from "canvas-confetti";
import { useEffect } from "react";
import { toast as showToast } from "sonner";
import type { Toast } from "~/lib/toast";

/** SPEC §9: five bursts with particle counts scaled from 200. */
export function celebrate() {
  const total = 200;
  const burst = (ratio: number, options: confetti.Options) =>
    confetti({
      origin: { y: 0.7 },
      disableForReducedMotion: true,
      ...options,
      particleCount: Math.floor(total * ratio),
    });
  burst(0.25, { spread: 26, startVelocity: 55 });
  burst(0.2, { spread: 60 });
  burst(0.35, { spread: 100, decay: 0.91, scalar: 0.8 });
  burst(0.1, { spread: 120, startVelocity: 25, decay: 0.92, scalar: 1.2 });
  burst(0.1, { spread: 120, startVelocity: 45 });
}

export function notify(toast: Toast) {
  const show = () => {
    const options = { description: toast.description };
    if (toast.type === "error") showToast.error(toast.title, options);
    else if (toast.type === "info") showToast.info(toast.title, options);
    else showToast.success(toast.title, options);
    if (toast.confetti) celebrate();
  };
  if (toast.delayMs) return window.setTimeout(show, toast.delayMs);
  show();
  return undefined;
}

/** Shows a toast handed over by the server (through the flash cookie) once it arrives. */
export function ShowToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const timer = notify(toast);
    return () => {
      if (timer) window.clearTimeout(timer);
    };
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
