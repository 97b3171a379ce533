import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { StreetLines } from "~/components/order/order-summary";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { formatIstDate } from "~/domain/india-time";
import type { InvoiceLine } from "~/domain/invoice";
import { formatRupees } from "~/domain/money";
import { isTestPayment, paymentMethodLabel, TEST_PAYMENT_MARK } from "~/domain/orders";
import type { IssuedInvoiceView } from "~/modules/orders/invoices.server";

const money = (paise: number) => formatRupees(paise);

function percent(rate: number) {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(2)}%`;
}

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
  const hydrated = useHydrated();
  const { supplier, tax } = invoice;
  const intra = tax.supply === "intra-state";
  const address = order.shippingAddress;
  const lineTax = (line: InvoiceLine) =>
    intra ? (
      <>
        <td className="px-2 py-1.5 text-right">{money(line.cgst)}</td>
        <td className="px-2 py-1.5 text-right">{money(line.sgst)}</td>
      </>
    ) : (
      <td className="px-2 py-1.5 text-right">{money(line.igst)}</td>
    );

  return (
    <main className="mx-auto max-w-4xl bg-white p-6 text-black text-sm print:max-w-none print:p-0">
      <style>{`@page { size: A4; margin: 12mm; } @media print { body { background: #fff; } }`}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a href={back.href} className="text-primary underline">
          {back.label}
        </a>
        {hydrated ? (
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
        ) : (
          <p className="text-muted-foreground">Use your browser's Print command to print.</p>
        )}
      </div>
      {note}

      <article
        aria-labelledby="invoice-title"
        className="grid gap-5 border border-black/30 p-6 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-black/30 border-b pb-4">
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
            <p>
              <span className="font-semibold">State:</span> {supplier.state}
              {supplier.stateCode ? ` (${supplier.stateCode})` : ""}
            </p>
          </div>
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
            <p>{invoice.placeOfSupply}</p>
            <p className="mt-2">
              {intra ? "Intra-state supply: CGST + SGST" : "Inter-state supply: IGST"}
            </p>
            <p>Reverse charge: No</p>
          </div>
        </section>

        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs">
            <caption className="sr-only">Invoice lines</caption>
            <thead>
              <tr className="border-black/40 border-y bg-black/5 text-left">
                <th scope="col" className="px-2 py-1.5">
                  #
                </th>
                <th scope="col" className="px-2 py-1.5">
                  Description
                </th>
                <th scope="col" className="px-2 py-1.5">
                  HSN/SAC
                </th>
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
                {intra ? (
                  <>
                    <th scope="col" className="px-2 py-1.5 text-right">
                      CGST
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right">
                      SGST
                    </th>
                  </>
                ) : (
                  <th scope="col" className="px-2 py-1.5 text-right">
                    IGST
                  </th>
                )}
                <th scope="col" className="px-2 py-1.5 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {tax.lines.map((line, index) => (
                <tr key={index} className="border-black/20 border-b align-top">
                  <td className="px-2 py-1.5">{index + 1}</td>
                  <td className="px-2 py-1.5">{line.description}</td>
                  <td className="px-2 py-1.5">{line.hsnCode}</td>
                  <td className="px-2 py-1.5 text-right">{line.quantity}</td>
                  <td className="px-2 py-1.5 text-right">{money(line.unitPrice)}</td>
                  <td className="px-2 py-1.5 text-right">{money(line.grossAmount)}</td>
                  <td className="px-2 py-1.5 text-right">
                    {line.discount ? `-${money(line.discount)}` : money(0)}
                  </td>
                  <td className="px-2 py-1.5 text-right">{money(line.taxableValue)}</td>
                  <td className="px-2 py-1.5 text-right">{percent(line.gstRate)}</td>
                  {lineTax(line)}
                  <td className="px-2 py-1.5 text-right">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-black/40 border-y font-semibold">
                <th scope="row" colSpan={5} className="px-2 py-1.5 text-left">
                  Total
                </th>
                <td className="px-2 py-1.5 text-right">{money(tax.totals.grossAmount)}</td>
                <td className="px-2 py-1.5 text-right">
                  {tax.totals.discount ? `-${money(tax.totals.discount)}` : money(0)}
                </td>
                <td className="px-2 py-1.5 text-right">{money(tax.totals.taxableValue)}</td>
                <td />
                {intra ? (
                  <>
                    <td className="px-2 py-1.5 text-right">{money(tax.totals.cgst)}</td>
                    <td className="px-2 py-1.5 text-right">{money(tax.totals.sgst)}</td>
                  </>
                ) : (
                  <td className="px-2 py-1.5 text-right">{money(tax.totals.igst)}</td>
                )}
                <td className="px-2 py-1.5 text-right">{money(tax.totals.total)}</td>
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

        <footer className="flex flex-wrap items-end justify-between gap-4 border-black/30 border-t pt-4 text-xs">
          <p>This is a computer-generated invoice and needs no signature.</p>
          <p className="text-right">
            For {supplier.name}
            <br />
            <span className="mt-6 inline-block">Authorised Signatory</span>
          </p>
        </footer>
      </article>
    </main>
  );
}
