import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/** docs/DESIGN.md §6.12: the footer's newsletter box stores a subscription. */
export function NewsletterForm() {
  const fetcher = useFetcher<{ ok: boolean }>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" action="/newsletter" className="grid grid-cols-1 gap-2">
      <label htmlFor="newsletter-email" className="font-medium text-sm">
        Subscribe to our newsletter
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your e-mail address"
          className="h-10 w-full min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-sm"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary-hover disabled:opacity-50"
        >
          Subscribe
        </button>
      </div>
    </fetcher.Form>
  );
}
