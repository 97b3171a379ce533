import type { ReactNode } from "react";
import { formatIstDate } from "~/domain/india-time";
import type { InvoiceLine } from "~/domain/invoice";
import { formatRupees } from "~/domain/money";
import { isTestPayment, paymentMethodLabel, TEST_PAYMENT_MARK } from "~/domain/orders";
import type { IssuedInvoiceView } from "~/modules/gst-documents/invoices.server";
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

const money = (paise: number) => formatRupees(paise);

/**
 * The printable tax invoice, the same for the owner and the customer: the page around it gives
 * the way back and, for the owner, a note when the shop's GSTIN is missing.
 */
export function TaxInvoiceDocument({
  order,
  invoice,
  back,
  note,
}: IssuedInvoiceView & { back: { href: string; label: string }; note?: ReactNode }) {
  const { supplier, tax } = invoice;
  const intra = tax.supply === "intra-state";
  const lineTax = (line: InvoiceLine) =>
    intra ? (
      <>
        <td className={AMOUNT_CELL}>{money(line.cgst)}</td>
        <td className={AMOUNT_CELL}>{money(line.sgst)}</td>
      </>
    ) : (
      <td className={AMOUNT_CELL}>{money(line.igst)}</td>
    );

  return (
    <PrintablePage back={back} note={note}>
      <article
        aria-labelledby="invoice-title"
        className="grid gap-5 border border-black/30 p-6 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-black/30 border-b pb-4">
          <SupplierDetails supplier={supplier} />
          <div className="grid gap-0.5 text-right">
            <h1 id="invoice-title" className="font-bold text-2xl uppercase tracking-wide">
              Tax Invoice
            </h1>
            <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5">
              <dt className="font-semibold">Invoice No.</dt>
              <dd>{invoice.number}</dd>
              <dt className="font-semibold">Invoice Date</dt>
              <dd>{formatIstDate(invoice.date)}</dd>
              <dt className="font-semibold">Order No.</dt>
              <dd>{order.orderNumber}</dd>
              <dt className="font-semibold">Order Date</dt>
              <dd>{formatIstDate(order.createdAt)}</dd>
              <dt className="font-semibold">Payment</dt>
              <dd>
                {paymentMethodLabel(order)} ({order.paymentStatus}
                {order.paymentStatus === "paid" && order.paidAt
                  ? ` on ${formatIstDate(order.paidAt)}`
                  : ""}
                )
              </dd>
            </dl>
          </div>
        </header>

        {isTestPayment(order) ? (
          <p role="note" className="border-2 border-black p-2 text-center font-bold text-lg">
            {TEST_PAYMENT_MARK}: paid through the built-in test gateway; no money was received.
          </p>
        ) : null}

        {order.status === "cancelled" ? (
          <p role="note" className="border border-black p-2 text-center font-bold uppercase">
            Order cancelled after this invoice was issued
          </p>
        ) : null}

        <Parties order={order} placeOfSupply={invoice.placeOfSupply} intra={intra} />

        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs">
            <caption className="sr-only">Invoice lines</caption>
            <thead>
              <tr className="border-black/40 border-y bg-black/5 text-left">
                <LineHeaderCells />
                <th scope="col" className="px-2 py-1.5 text-right">
                  Qty
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  Rate
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  Amount
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  Discount
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  Taxable Value
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  GST %
                </th>
                <TaxHeaderCells intra={intra} />
                <th scope="col" className="px-2 py-1.5 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {tax.lines.map((line, index) => (
                <tr key={index} className="border-black/20 border-b align-top">
                  <td className="px-2 py-1.5">{index + 1}</td>
                  <LineDescription
                    description={line.description}
                    batches={invoice.lineBatches[index]}
                  />
                  <td className="px-2 py-1.5">{line.hsnCode}</td>
                  <td className={AMOUNT_CELL}>{line.quantity}</td>
                  <td className={AMOUNT_CELL}>{money(line.unitPrice)}</td>
                  <td className={AMOUNT_CELL}>{money(line.grossAmount)}</td>
                  <td className={AMOUNT_CELL}>
                    {line.discount ? `-${money(line.discount)}` : money(0)}
                  </td>
                  <td className={AMOUNT_CELL}>{money(line.taxableValue)}</td>
                  <td className={AMOUNT_CELL}>{percent(line.gstRate)}</td>
                  {lineTax(line)}
                  <td className={AMOUNT_CELL}>{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-black/40 border-y font-semibold">
                <th scope="row" colSpan={5} className="px-2 py-1.5 text-left">
                  Total
                </th>
                <td className={AMOUNT_CELL}>{money(tax.totals.grossAmount)}</td>
                <td className={AMOUNT_CELL}>
                  {tax.totals.discount ? `-${money(tax.totals.discount)}` : money(0)}
                </td>
                <td className={AMOUNT_CELL}>{money(tax.totals.taxableValue)}</td>
                <td />
                {intra ? (
                  <>
                    <td className={AMOUNT_CELL}>{money(tax.totals.cgst)}</td>
                    <td className={AMOUNT_CELL}>{money(tax.totals.sgst)}</td>
                  </>
                ) : (
                  <td className={AMOUNT_CELL}>{money(tax.totals.igst)}</td>
                )}
                <td className={AMOUNT_CELL}>{money(tax.totals.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <section className="grid gap-4 sm:grid-cols-2 print:grid-cols-2" aria-label="Totals">
          <div className="grid content-start gap-1">
            <h2 className="font-semibold uppercase">Amount in Words</h2>
            <p>{invoice.totalInWords}</p>
            {order.couponCode ? (
              <p className="mt-2 text-xs">
                Coupon {order.couponCode}: {money(order.discountAmount)} off, shared across the
                items in proportion to their value.
              </p>
            ) : null}
            <p className="mt-2 text-xs">
              Prices include GST. The taxable value is the amount divided by (1 + GST rate).
              Shipping is taxed at the highest GST rate of the goods it carries.
            </p>
          </div>
          <dl className="grid content-start gap-1">
            <div className="flex justify-between">
              <dt>Taxable Value</dt>
              <dd>{money(tax.totals.taxableValue)}</dd>
            </div>
            {intra ? (
              <>
                <div className="flex justify-between">
                  <dt>CGST</dt>
                  <dd>{money(tax.totals.cgst)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>SGST</dt>
                  <dd>{money(tax.totals.sgst)}</dd>
                </div>
              </>
            ) : (
              <div className="flex justify-between">
                <dt>IGST</dt>
                <dd>{money(tax.totals.igst)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt>Total Tax</dt>
              <dd>{money(tax.totals.tax)}</dd>
            </div>
            <div className="flex justify-between border-black/40 border-t pt-1 font-bold text-base">
              <dt>Grand Total</dt>
              <dd>{money(tax.totals.total)}</dd>
            </div>
          </dl>
        </section>

        <SignatureFooter supplierName={supplier.name} document="invoice" />
      </article>
    </PrintablePage>
  );
}
