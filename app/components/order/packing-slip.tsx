import { AddressBlock } from "~/components/order/order-summary";
import { formatLabelMonth } from "~/domain/batch-labels";
import { formatIstDate } from "~/domain/india-time";
import { shippingMethodLabel } from "~/domain/shipping";
import type { PackingSlipView } from "~/modules/gst-documents/packing-slips.server";
import { PrintablePage } from "./gst-document-parts";

/**
 * The printable packing slip for whoever packs the parcel: the address, and each line's size and
 * quantity with the batches to pick it from (docs/decisions/059). No prices.
 */
export function PackingSlipDocument({
  order,
  shop,
  lines,
  back,
}: PackingSlipView & { back: { href: string; label: string } }) {
  return (
    <PrintablePage back={back}>
      <article
        aria-labelledby="packing-slip-title"
        className="grid gap-5 border border-black/30 p-3 sm:p-6 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-black/30 border-b pb-4">
          <div className="grid min-w-0 gap-0.5 break-words">
            <p className="font-bold text-lg">{shop.name}</p>
            <p>{shop.addressLine1}</p>
            {shop.addressLine2 ? <p>{shop.addressLine2}</p> : null}
            <p>
              {shop.city}, {shop.state} {shop.postalCode}
            </p>
            <p>Phone: {shop.phone}</p>
            {shop.manufacturingLicence ? (
              <p>
                <span className="font-semibold">Mfg. Licence No.:</span> {shop.manufacturingLicence}
              </p>
            ) : null}
          </div>
          <div className="grid gap-0.5 text-right">
            <h1 id="packing-slip-title" className="font-bold text-2xl uppercase tracking-wide">
              Packing Slip
            </h1>
            <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5">
              <dt className="font-semibold">Order No.</dt>
              <dd>{order.orderNumber}</dd>
              <dt className="font-semibold">Order Date</dt>
              <dd>{formatIstDate(order.createdAt)}</dd>
              <dt className="font-semibold">Shipping</dt>
              <dd>{shippingMethodLabel(order.shippingMethod)}</dd>
            </dl>
          </div>
        </header>

        {order.status === "cancelled" ? (
          <p role="note" className="border border-black p-2 text-center font-bold uppercase">
            This order is cancelled: do not pack it
          </p>
        ) : null}

        <section aria-labelledby="ship-to-heading">
          <h2 id="ship-to-heading" className="font-semibold uppercase">
            Ship To
          </h2>
          <AddressBlock address={order.shippingAddress} />
        </section>

        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Items to pack</caption>
          <thead>
            <tr className="border-black/40 border-y bg-black/5 text-left">
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                #
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                Item
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                Size
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                Batch
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                Expiry
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2 text-right">
                Qty
              </th>
              <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                <span className="sr-only">Packed</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.flatMap((line, index) => {
              const picks = line.batches.length
                ? line.batches
                : [{ batchNumber: "", expiresOn: null, quantity: line.quantity }];
              const unbatched = line.quantity - line.batches.reduce((n, b) => n + b.quantity, 0);
              const rows =
                line.batches.length && unbatched > 0
                  ? [...picks, { batchNumber: "", expiresOn: null, quantity: unbatched }]
                  : picks;
              return rows.map((pick, pickIndex) => (
                <tr
                  key={`${index}-${pick.batchNumber}`}
                  className="border-black/20 border-b align-top"
                >
                  <td className="px-1.5 py-1.5 sm:px-2">{pickIndex === 0 ? index + 1 : ""}</td>
                  <td className="px-1.5 py-1.5 sm:px-2">{pickIndex === 0 ? line.name : ""}</td>
                  <td className="px-1.5 py-1.5 sm:px-2">
                    {pickIndex === 0 ? line.variantLabel : ""}
                  </td>
                  <td className="px-1.5 py-1.5 sm:px-2">{pick.batchNumber}</td>
                  <td className="px-1.5 py-1.5 sm:px-2">{formatLabelMonth(pick.expiresOn)}</td>
                  <td className="px-1.5 py-1.5 sm:px-2 text-right">{pick.quantity}</td>
                  <td className="px-1.5 py-1.5 sm:px-2" aria-hidden="true">
                    ☐
                  </td>
                </tr>
              ));
            })}
          </tbody>
          <tfoot>
            <tr className="border-black/40 border-y font-semibold">
              <th scope="row" colSpan={5} className="px-1.5 py-1.5 sm:px-2 text-left">
                Total units
              </th>
              <td className="px-1.5 py-1.5 sm:px-2 text-right">
                {lines.reduce((n, line) => n + line.quantity, 0)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </article>
    </PrintablePage>
  );
}
