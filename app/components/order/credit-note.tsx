import type { CreditNoteLine } from "~/domain/credit-note";
import { formatIstDate } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import type { CreditNoteView } from "~/modules/gst-documents/credit-notes.server";
import {
  AMOUNT_CELL,
  LineDescription,
  LineHeaderCells,
  Parties,
  PrintablePage,
  percent,
  SignatureFooter,
  SupplierDetails,
  TaxHeaderCells,
} from "./gst-document-parts";

const cell = AMOUNT_CELL;

/**
 * The printable GST credit note (section 34, rule 53; docs/decisions/040), the same for the owner
 * and the customer: the invoice it credits with its date, both parties, and per line the taxable
 * value, rate and tax credited, as CGST + SGST or IGST as on the invoice.
 */
export function CreditNoteDocument({
  order,
  invoice,
  creditNote,
  back,
}: CreditNoteView & { back: { href: string; label: string } }) {
  const intra = creditNote.supply === "intra-state";
  const totals = creditNote.totals;
  const lineTax = (line: Pick<CreditNoteLine, "cgst" | "sgst" | "igst">) =>
    intra ? (
      <>
        <td className={cell}>{formatRupees(line.cgst)}</td>
        <td className={cell}>{formatRupees(line.sgst)}</td>
      </>
    ) : (
      <td className={cell}>{formatRupees(line.igst)}</td>
    );
  return (
    <PrintablePage back={back}>
      <article
        aria-labelledby="credit-note-title"
        className="grid gap-5 border border-black/30 p-6 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-black/30 border-b pb-4">
          <SupplierDetails supplier={invoice.supplier} />
          <div className="grid gap-0.5 text-right">
            <h1 id="credit-note-title" className="font-bold text-2xl uppercase tracking-wide">
              Credit Note
            </h1>
            <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5">
              <dt className="font-semibold">Credit Note No.</dt>
              <dd>{creditNote.number}</dd>
              <dt className="font-semibold">Date</dt>
              <dd>{formatIstDate(creditNote.date)}</dd>
              <dt className="font-semibold">Against Invoice</dt>
              <dd>{invoice.number}</dd>
              <dt className="font-semibold">Invoice Date</dt>
              <dd>{formatIstDate(invoice.date)}</dd>
              <dt className="font-semibold">Order No.</dt>
              <dd>{order.orderNumber}</dd>
            </dl>
          </div>
        </header>

        <p>
          <span className="font-semibold">Reason:</span> {creditNote.reason}
        </p>

        <Parties order={order} placeOfSupply={invoice.placeOfSupply} intra={intra} />

        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs">
            <caption className="sr-only">Credit note lines</caption>
            <thead>
              <tr className="border-black/40 border-y bg-black/5 text-left">
                <LineHeaderCells />
                <th scope="col" className={cell}>
                  Taxable Value
                </th>
                <th scope="col" className={cell}>
                  GST %
                </th>
                <TaxHeaderCells intra={intra} />
                <th scope="col" className={cell}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {creditNote.lines.map((line, index) => (
                <tr key={line.line} className="border-black/20 border-b align-top">
                  <td className="px-2 py-1.5">{index + 1}</td>
                  <LineDescription
                    description={line.description}
                    batches={invoice.lineBatches[line.line]}
                  />
                  <td className="px-2 py-1.5">{line.hsnCode}</td>
                  <td className={cell}>{formatRupees(line.taxableValue)}</td>
                  <td className={cell}>{percent(line.gstRate)}</td>
                  {lineTax(line)}
                  <td className={cell}>{formatRupees(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-black/40 border-y font-semibold">
                <th scope="row" colSpan={3} className="px-2 py-1.5 text-left">
                  Total credited
                </th>
                <td className={cell}>{formatRupees(totals.taxableValue)}</td>
                <td />
                {lineTax(totals)}
                <td className={cell}>{formatRupees(totals.amount)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <section className="grid gap-1" aria-label="Amount in words">
          <h2 className="font-semibold uppercase">Amount in Words</h2>
          <p>{creditNote.totalInWords}</p>
          <p className="mt-2 text-xs">
            This credit note reduces the value of invoice {invoice.number}; the tax credited is the
            tax charged on that part of the invoice.
          </p>
        </section>

        <SignatureFooter supplierName={invoice.supplier.name} document="credit note" />
      </article>
    </PrintablePage>
  );
}
