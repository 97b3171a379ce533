import { toast as showToast } from "sonner";
import type { Toast } from "~/lib/toast";

/** docs/SPEC.md §9: five bursts with particle counts scaled from 200. */
async function celebrate() {
  const { default: confetti } = await import("canvas-confetti");
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

export function displayToast(toast: Toast) {
  const options = { description: toast.description };
  if (toast.type === "error") showToast.error(toast.title, options);
  else if (toast.type === "info") showToast.info(toast.title, options);
  else showToast.success(toast.title, options);
  if (toast.confetti) void celebrate();
}

export function dismissToasts() {
  showToast.dismiss();
}
