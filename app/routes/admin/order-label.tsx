import { data } from "react-router";
import { AwbBarcode } from "~/components/admin/awb-barcode";
import { PrintControls } from "~/components/order/print-controls";
import { code128Drawing } from "~/domain/code128";
import { formatRupees } from "~/domain/money";
import { z } from "~/domain/zod";
import { requireAdmin } from "~/modules/accounts/session.server";
import { testLabelOf } from "~/modules/shipping/shipments.server";
import type { Route } from "./+types/order-label";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data ? `Label ${data.awb} | Admin | Satara Ayurveda` : "Label | Admin | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const parsed = z.uuid().safeParse(params.orderId);
  const orderId = parsed.success ? parsed.data : null;
  const label = orderId ? await testLabelOf(context.services.db, orderId) : null;
  if (!orderId || !label) throw data("This order has no test courier label", { status: 404 });
  return {
    ...label,
    orderId,
    // The test courier's AWBs are letters and digits; anything Code 128 cannot write is shown as
    // text only.
    barcode: printable(label.awb) ? code128Drawing(label.awb) : null,
  };
}

const printable = (text: string) => /^[\x20-\x7e]{1,48}$/.test(text);

/**
 * The test courier's shipping label (docs/decisions/060), the shop's own page to print: a real
 * courier's label is its own PDF. Marked as a test so it is never handed to a courier.
 */
export default function OrderLabel({ loaderData: label }: Route.ComponentProps) {
  return (
    <main className="mx-auto grid max-w-md gap-4 p-6 text-sm">
      <PrintControls
        back={{ href: `/admin/orders?view=${label.orderId}`, label: "Back to the order" }}
      />
      <p role="note" className="rounded-md border-2 border-dashed p-2 text-center font-bold">
        TEST SHIPMENT — not a real courier label
      </p>
      <h1 className="font-display text-xl">{label.courierName}</h1>
      <div className="grid justify-items-center gap-1">
        {label.barcode ? <AwbBarcode awb={label.awb} drawing={label.barcode} /> : null}
        <p>
          AWB <span className="font-mono text-2xl tracking-widest">{label.awb}</span>
        </p>
      </div>
      <section aria-labelledby="label-to" className="grid gap-1 border-t pt-3">
        <h2 id="label-to" className="font-semibold">
          Deliver to
        </h2>
        <p>{label.to.fullName}</p>
        <p>{label.to.addressLine1}</p>
        {label.to.addressLine2 ? <p>{label.to.addressLine2}</p> : null}
        <p>
          {label.to.city}, {label.to.state} {label.to.postalCode}
        </p>
        <p>Phone {label.to.phone}</p>
      </section>
      <section aria-labelledby="label-from" className="grid gap-1 border-t pt-3">
        <h2 id="label-from" className="font-semibold">
          From
        </h2>
        <p>{label.from.name}</p>
        <p>
          {label.from.addressLine1}
          {label.from.addressLine2 ? `, ${label.from.addressLine2}` : ""}
        </p>
        <p>
          {label.from.city}, {label.from.state} {label.from.postalCode}
        </p>
        <p>Phone {label.from.phone}</p>
      </section>
      <dl className="grid grid-cols-2 gap-1 border-t pt-3">
        <dt>Order</dt>
        <dd className="font-mono">{label.orderNumber}</dd>
        <dt>Weight</dt>
        <dd>{label.weightGrams} g</dd>
        <dt>Box</dt>
        <dd>
          {label.size.lengthCm} × {label.size.breadthCm} × {label.size.heightCm} cm
        </dd>
        <dt>Payment</dt>
        <dd>
          {label.collect === null ? "Prepaid" : `Collect ${formatRupees(label.collect)} (COD)`}
        </dd>
      </dl>
    </main>
  );
}
