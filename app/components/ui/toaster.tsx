import { type ComponentProps, type CSSProperties, useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterIsMounted } from "~/components/show-toast";

const paletteVars = {
  "--normal-bg": "var(--color-card)",
  "--normal-text": "var(--color-card-foreground)",
  "--normal-border": "var(--color-border)",
  "--success-bg": "var(--color-badge-green)",
  "--success-text": "var(--color-badge-green-foreground)",
  "--success-border": "#86efac",
  "--info-bg": "var(--color-badge-blue)",
  "--info-text": "var(--color-badge-blue-foreground)",
  "--info-border": "#93c5fd",
  "--warning-bg": "var(--color-badge-yellow)",
  "--warning-text": "var(--color-badge-yellow-foreground)",
  "--warning-border": "#fcd34d",
  "--error-bg": "var(--color-badge-red)",
  "--error-text": "var(--color-badge-red-foreground)",
  "--error-border": "#fca5a5",
  "--border-radius": "0.5rem",
} as CSSProperties;

export type ToasterProps = ComponentProps<typeof Sonner>;

export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  // Runs after the toaster's own effects, so it already listens for toasts.
  useEffect(toasterIsMounted, []);
  return (
    <Sonner
      richColors
      position="top-right"
      closeButton
      theme="light"
      style={{ ...paletteVars, ...style }}
      toastOptions={{
        ...toastOptions,
        style: { fontFamily: "var(--font-sans)", ...toastOptions?.style },
      }}
      {...props}
    />
  );
}
