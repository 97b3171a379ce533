import type { ReactNode } from "react";
import { Link } from "react-router";
import { RETURN_WINDOW_DAYS } from "~/content/policy";
import type { LegalDetails } from "~/domain/legal-metrology";
import { formatRupees } from "~/domain/money";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-1.5 sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * What the law asks a page to declare of the pack shown (docs/decisions/073): the Legal
 * Metrology declarations of the size chosen, the manufacturer and country of origin, and the
 * seller the Consumer Protection (E-Commerce) Rules ask for. Plain markup: it reads the same
 * before any script runs. A value that cannot be derived is left out; the owner's product list
 * names it.
 */
export function LegalInformation({ legal, sizeId }: { legal: LegalDetails; sizeId: string }) {
  const pack = legal.packs.find((candidate) => candidate.sizeId === sizeId);
  if (!pack) return null;
  const { seller } = legal;
  const officer = seller.grievanceOfficer;
  const contact = [officer.email, officer.phone].filter(Boolean).join(", ");
  return (
    <section
      aria-labelledby="legal-information"
      className="grid gap-2 rounded-xl border border-border bg-card p-4 text-sm"
    >
      <h2 id="legal-information" className="font-semibold text-base">
        Legal information
      </h2>
      {legal.caution ? (
        <p role="note" className="rounded-md border border-warning px-3 py-2 text-warning">
          <strong>Caution:</strong> {legal.caution}
        </p>
      ) : null}
      <dl className="divide-y divide-border">
        <Row term="MRP">{`${formatRupees(pack.mrp)} (incl. of all taxes)`}</Row>
        {pack.netQuantity ? <Row term="Net quantity">{pack.netQuantity}</Row> : null}
        {pack.unitPrice ? <Row term="Unit sale price">{pack.unitPrice}</Row> : null}
        {pack.bestBefore ? <Row term="Best before">{pack.bestBefore}</Row> : null}
        <Row term="Manufactured by">{`${legal.manufacturer.name}, ${legal.manufacturer.address}`}</Row>
        <Row term="Country of origin">{legal.countryOfOrigin}</Row>
        <Row term="Sold by">
          {seller.gstin
            ? `${seller.name}, ${seller.address}. GSTIN ${seller.gstin}`
            : `${seller.name}, ${seller.address}`}
        </Row>
        {officer.name ? (
          <Row term="Grievance officer">
            {`${officer.name} (${officer.designation || "Grievance Officer"})${contact ? `, ${contact}` : ""}`}
          </Row>
        ) : null}
        <Row term="Returns">
          {`Within ${RETURN_WINDOW_DAYS} days of delivery: `}
          <Link to="/returns" className="text-primary underline underline-offset-4">
            Return & Refund Policy
          </Link>
        </Row>
      </dl>
    </section>
  );
}
