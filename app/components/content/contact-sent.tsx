import { useEffect, useRef } from "react";
import { CheckCircle2 } from "~/components/icons";

/**
 * Shown on the page once a message has been handed to the visitor's e-mail app, so something
 * visibly happens even where no e-mail app opens; the shop's address and a link to open the
 * message again are right there.
 */
export function ContactSent({ mailto, shopEmail }: { mailto: string; shopEmail: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="mb-5 grid gap-2 rounded-md border border-success bg-card p-4 text-sm"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-sans font-semibold text-base text-success"
      >
        <CheckCircle2 className="size-5" aria-hidden="true" /> Your message is ready to send
      </h3>
      <p>
        We opened your e-mail app with your message to {shopEmail}. Press Send there and we will
        reply during business hours.
      </p>
      <p>
        No e-mail app opened?{" "}
        <a href={mailto} className="font-medium text-primary underline underline-offset-4">
          Open the message again
        </a>{" "}
        or write to us at <span className="break-all font-medium">{shopEmail}</span>.
      </p>
    </div>
  );
}
