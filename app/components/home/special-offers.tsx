import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Check, Copy, Ticket } from "~/components/icons";
import { notify } from "~/components/show-toast";
import { formatIstShortDate } from "~/domain/india-time";
import { formatRupeesShort } from "~/domain/money";
import type { Offer } from "~/modules/promotions/offers.server";

const HEADLINES = [
  "Wellness that costs less",
  "Nature's care, now for less",
  "Stock up on your daily Ayurveda",
  "A healthier you, a lighter bill",
];

type OfferData = Omit<Offer, "expiresAt"> & { expiresAt: string | Date | null };

/**
 * docs/SPEC.md §2 Special offers; refreshed live whenever a coupon changes (server-sent events).
 * `version` fingerprints the offers shown (domain/offers-version).
 */
export function SpecialOffers({ offers, version }: { offers: OfferData[]; version: string }) {
  useLiveOffers(version);
  const headline = useRotatingIndex(HEADLINES.length, 4000);
  if (offers.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-14" aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="mb-2 text-center font-display text-3xl">
        Special Offers
      </h2>
      <p className="mb-8 text-center text-muted-foreground" aria-live="polite">
        {HEADLINES[headline]}
      </p>
      <ul className="grid gap-6 md:grid-cols-3">
        {offers.map((offer) => (
          <li key={offer.id}>
            <OfferCard offer={offer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OfferCard({ offer }: { offer: OfferData }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const discount =
    offer.discountType === "percentage"
      ? `${offer.discountValue}% OFF`
      : `${formatRupeesShort(offer.discountValue)} OFF`;
  const left = offer.usageLimit === null ? null : Math.max(0, offer.usageLimit - offer.usedCount);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.code);
    } catch {
      // Clipboard refused (insecure context): the code is still on screen to copy by hand.
    }
    setCopied(true);
    notify({
      type: "success",
      title: "Coupon code copied",
      description: `Use code ${offer.code} at checkout to save money!`,
    });
  };
  return (
    <article className="relative grid h-full gap-3 overflow-hidden rounded-xl border-2 border-primary border-dashed bg-card p-6">
      <div className="flex items-start justify-between gap-2">
        <p className="flex items-center gap-2 font-display font-semibold text-2xl text-primary">
          <Ticket className="size-6" aria-hidden="true" /> {discount}
        </p>
        <span className="rounded-full bg-accent px-2.5 py-0.5 font-semibold text-accent-foreground text-xs">
          {left === null ? "Unlimited" : `Limited: ${left} left`}
        </span>
      </div>
      <ul className="grid gap-1 text-muted-foreground text-sm">
        <li>
          Minimum order: {offer.minOrderValue ? formatRupeesShort(offer.minOrderValue) : "None"}
        </li>
        {offer.maxDiscount ? (
          <li>Maximum discount: {formatRupeesShort(offer.maxDiscount)}</li>
        ) : null}
        <li>
          {offer.expiresAt ? `Valid till ${formatIstShortDate(offer.expiresAt)}` : "No expiry"}
        </li>
      </ul>
      <div className="mt-auto flex items-center gap-2">
        <code className="flex-1 rounded-md bg-muted px-3 py-2 font-mono font-semibold tracking-wider">
          {offer.code}
        </code>
        <button
          type="button"
          onClick={copy}
          className="inline-flex h-10 items-center gap-1 rounded-md bg-primary px-3 font-medium text-primary-foreground text-sm hover:bg-primary-hover"
          aria-label={copied ? `Copied ${offer.code}` : `Copy code ${offer.code}`}
        >
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </article>
  );
}

function useLiveOffers(version: string) {
  const revalidator = useRevalidator();
  const shown = useRef(version);
  shown.current = version;
  // One connection per page; the revalidator's identity changes with its state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: connect once
  useEffect(() => {
    const source = new EventSource("/api/events/offers");
    source.addEventListener("coupons", () => revalidator.revalidate());
    // Sent on every (re)connection: a change made before the stream listened, while the page
    // loaded or while the connection was down, would otherwise never reach this page.
    source.addEventListener("version", (event) => {
      if (event.data !== shown.current) revalidator.revalidate();
    });
    return () => source.close();
  }, []);
}

function useRotatingIndex(length: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => window.clearInterval(timer);
  }, [length, intervalMs]);
  return index;
}
