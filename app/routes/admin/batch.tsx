import { Download, Mail } from "lucide-react";
import { data, Form, Link } from "react-router";
import { OrderStatusBadge } from "~/components/account/order-badges";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { formatLabelMonth } from "~/domain/batch-labels";
import { formatIstDate } from "~/domain/india-time";
import { sizedName } from "~/domain/pack-sizes";
import { batchParamSchema } from "~/domain/validation/stock-lots";
import { actionFailure, actionSuccess, refusal } from "~/lib/action-result.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { lotsOfBatch, recipientsOfBatch } from "~/modules/orders/batch-recall.server";
import { sendRecallNotices } from "~/modules/orders/recall-notices.server";
import type { Route } from "./+types/batch";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Batch ${loaderData.batch} | Admin | Satara Ayurveda`
      : "Batch | Admin | Satara Ayurveda",
  },
];

const NOT_FOUND = "No batch has this number";

function batchOf(params: { batch?: string }) {
  const parsed = batchParamSchema.safeParse(params);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  return parsed.data.batch;
}

/** A batch: the sizes it was received for, and every order and customer that received it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const batch = batchOf(params);
  const [lots, recipients] = await Promise.all([
    lotsOfBatch(db(), batch),
    recipientsOfBatch(db(), batch),
  ]);
  if (lots.length === 0 && recipients.length === 0) throw data(NOT_FOUND, { status: 404 });
  return { batch: lots[0]?.batchNumber ?? recipients[0]!.batchNumber, lots, recipients };
}

/** 'Send recall notice': one mail to each customer who received the batch, never twice. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "recall") {
    return actionFailure(refusal("Unknown action"));
  }
  const batch = batchOf(params);
  const { queued, alreadySent } = await sendRecallNotices(db(), admin.id, batch);
  if (queued === 0) {
    return actionFailure(
      refusal(
        alreadySent > 0
          ? "Every customer who received this batch has already been sent the notice"
          : "No customer with an account received this batch",
        { status: 409 },
      ),
    );
  }
  return actionSuccess({
    type: "success",
    title: `Recall notice sent to ${queued} ${queued === 1 ? "customer" : "customers"}`,
    description: alreadySent ? `${alreadySent} had been sent it before.` : undefined,
  });
}

export default function BatchPage({ loaderData }: Route.ComponentProps) {
  const { batch, lots, recipients } = loaderData;
  const customers = new Set(recipients.map((row) => row.customerId ?? row.orderId)).size;
  const csvHref = `/admin/batches/${encodeURIComponent(batch)}/recall.csv`;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={`Batch ${batch}`}
        description="The sizes received under this batch number, and who received it"
      />
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">Sizes</h2>
        </CardHeader>
        <AdminTable
          headings={["Product", "SKU", "Manufactured", "Expires", "Received", "Left"]}
          rowCount={lots.length}
          emptyText="This batch is no longer held for any size."
        >
          {lots.map((lot) => (
            <tr key={lot.lotId} className="border-border border-b last:border-0">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link
                  to={`/admin/products/${lot.productId}/lots`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {sizedName(lot.productName, lot.variantLabel)}
                </Link>
              </th>
              <td className="px-3 py-2">{lot.sku}</td>
              <td className="px-3 py-2">{formatLabelMonth(lot.manufacturedOn)}</td>
              <td className="px-3 py-2">{formatLabelMonth(lot.expiresOn)}</td>
              <td className="px-3 py-2 tabular-nums">{lot.quantityReceived}</td>
              <td className="px-3 py-2 tabular-nums">{lot.quantityLeft}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-semibold text-lg">Recall list</h2>
            <p className="text-muted-foreground text-sm">
              {recipients.length === 0
                ? "No order has received this batch."
                : `${customers} ${customers === 1 ? "customer" : "customers"}, ${recipients.length} order ${recipients.length === 1 ? "line" : "lines"}. Cancelled orders are left out.`}
            </p>
          </div>
          {recipients.length > 0 ? (
            <div className="flex flex-wrap gap-3">
              <a href={csvHref} download className={buttonVariants({ variant: "outline" })}>
                <Download aria-hidden="true" /> Download CSV
              </a>
              <Form method="post">
                <Button type="submit" name="intent" value="recall">
                  <Mail aria-hidden="true" /> Send recall notice
                </Button>
              </Form>
            </div>
          ) : null}
        </CardHeader>
        <AdminTable
          headings={["Order", "Date", "Customer", "Phone", "Item", "Quantity", "Status"]}
          rowCount={recipients.length}
          emptyText="Nobody to recall from."
        >
          {recipients.map((row) => (
            <tr
              key={`${row.orderId}-${row.item}`}
              className="border-border border-b align-top last:border-0"
            >
              <th scope="row" className="px-3 py-2 font-medium">
                <Link
                  to={`/admin/orders?q=${encodeURIComponent(row.orderNumber)}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {row.orderNumber}
                </Link>
              </th>
              <td className="whitespace-nowrap px-3 py-2">{formatIstDate(row.orderedAt)}</td>
              <td className="px-3 py-2">
                {row.customerName}
                {row.customerEmail ? (
                  <span className="block text-muted-foreground text-xs">{row.customerEmail}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{row.phone}</td>
              <td className="px-3 py-2">{row.item}</td>
              <td className="px-3 py-2 tabular-nums">{row.quantity}</td>
              <td className="px-3 py-2">
                <OrderStatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </div>
  );
}
