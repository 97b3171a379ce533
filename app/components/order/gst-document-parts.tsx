import type { ReactNode } from "react";
import { StreetLines } from "~/components/order/order-summary";
import { type LineBatch, lineBatchTexts } from "~/domain/batch-labels";
import type { IssuedInvoiceView } from "~/modules/gst-documents/invoices.server";
import { PrintControls } from "./print-controls";
import { usePrintOnOpen } from "./print-on-open";

/** The parts the tax invoice and the credit note print alike. */
type Invoice = IssuedInvoiceView["invoice"];
type Order = IssuedInvoiceView["order"];

/**
 * The page around a printable document: the way back, a Print button, an optional note. Opened
 * from a "Print" control (`?print=1`), it opens the browser's print dialog once it has loaded.
 */
export function PrintablePage({
  back,
  note,
  children,
}: {
  back: { href: string; label: string };
  note?: ReactNode;
  children: ReactNode;
}) {
  usePrintOnOpen();
  return (
    <main className="mx-auto max-w-4xl bg-white p-3 text-black text-sm sm:p-6 print:max-w-none print:p-0">
      <style>{`@page { size: A4; margin: 12mm; } @media print { body { background: #fff; } }`}</style>
      <PrintControls back={back} />
      {note}
      {children}
    </main>
  );
}

export function SupplierDetails({ supplier }: { supplier: Invoice["supplier"] }) {
  return (
    <div className="grid gap-0.5">
      <p className="font-bold text-lg">{supplier.name}</p>
      <p>{supplier.addressLine1}</p>
      {supplier.addressLine2 ? <p>{supplier.addressLine2}</p> : null}
      <p>
        {supplier.city}, {supplier.state} {supplier.postalCode}
      </p>
      <p>
        Phone: {supplier.phone} · Email: {supplier.email}
      </p>
      <p>
        <span className="font-semibold">GSTIN:</span> {supplier.gstin || "Not provided"}
      </p>
      {supplier.manufacturingLicence ? (
        <p>
          <span className="font-semibold">Mfg. Licence No.:</span> {supplier.manufacturingLicence}
        </p>
      ) : null}
      <p>
        <span className="font-semibold">State:</span> {supplier.state}
        {supplier.stateCode ? ` (${supplier.stateCode})` : ""}
      </p>
    </div>
  );
}

/** Bill to, ship to and the place of supply, with the kind of supply. */
export function Parties({
  order,
  placeOfSupply,
  intra,
}: {
  order: Order;
  placeOfSupply: string;
  intra: boolean;
}) {
  const address = order.shippingAddress;
  return (
    <section className="grid gap-4 sm:grid-cols-3 print:grid-cols-3" aria-label="Parties">
      <div>
        <h2 className="font-semibold uppercase">Bill To</h2>
        <p>{order.customerName || address.fullName}</p>
        {order.customerEmail ? <p>{order.customerEmail}</p> : null}
        <p>Phone: {address.phone}</p>
      </div>
      <div>
        <h2 className="font-semibold uppercase">Ship To</h2>
        <address className="not-italic">
          {address.fullName}
          <br />
          <StreetLines address={address} />
          <br />
          {address.city}, {address.postalCode}
          <br />
          State: {address.state}
        </address>
      </div>
      <div>
        <h2 className="font-semibold uppercase">Place of Supply</h2>
        <p>{placeOfSupply}</p>
        <p className="mt-2">
          {intra ? "Intra-state supply: CGST + SGST" : "Inter-state supply: IGST"}
        </p>
        <p>Reverse charge: No</p>
      </div>
    </section>
  );
}

export function SignatureFooter({
  supplierName,
  document,
}: {
  supplierName: string;
  document: string;
}) {
  return (
    <footer className="flex flex-wrap items-end justify-between gap-4 border-black/30 border-t pt-4 text-xs">
      <p>This is a computer-generated {document} and needs no signature.</p>
      <p className="text-right">
        For {supplierName}
        <br />
        <span className="mt-6 inline-block">Authorised Signatory</span>
      </p>
    </footer>
  );
}

/** A line's description, with the batches and expiries it was filled from below it. */
export function LineDescription({
  description,
  batches = [],
}: {
  description: string;
  batches?: readonly LineBatch[];
}) {
  return (
    <td className="px-2 py-1.5">
      {description}
      {lineBatchTexts(batches).map((text) => (
        <span key={text} className="block text-[11px] text-black/70">
          {text}
        </span>
      ))}
    </td>
  );
}

/** A money cell: an amount, a negative one included ("-₹115.50"), never breaks across lines. */
export const AMOUNT_CELL = "whitespace-nowrap px-2 py-1.5 text-right";

export function percent(rate: number) {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(2)}%`;
}

/** The first header cells of a document's lines: position, description and HSN/SAC code. */
export function LineHeaderCells() {
  return (
    <>
      <th scope="col" className="px-2 py-1.5">
        #
      </th>
      <th scope="col" className="px-2 py-1.5">
        Description
      </th>
      <th scope="col" className="px-2 py-1.5">
        HSN/SAC
      </th>
    </>
  );
}

/** The tax header cells: CGST and SGST within the state, IGST otherwise. */
export function TaxHeaderCells({ intra }: { intra: boolean }) {
  const cell = "px-2 py-1.5 text-right";
  return intra ? (
    <>
      <th scope="col" className={cell}>
        CGST
      </th>
      <th scope="col" className={cell}>
        SGST
      </th>
    </>
  ) : (
    <th scope="col" className={cell}>
      IGST
    </th>
  );
}
