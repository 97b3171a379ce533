import { data, Form, Link } from "react-router";
import { OrderStatusBadge } from "~/components/account/order-badges";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { LotMovements } from "~/components/admin/lot-movements";
import { StackedCell, StackedRow, StackedTable } from "~/components/admin/stacked-table";
import { ConfirmCard } from "~/components/confirm-dialog";
import { Download, Megaphone, Unlock } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatLabelMonth, LOT_MOVEMENT_LABELS } from "~/domain/batch-labels";
import { formatIstDate } from "~/domain/india-time";
import { sizedName } from "~/domain/pack-sizes";
import {
  channelStateLabel,
  RECALL_CHANNEL_LABELS,
  RECALL_EFFECT_LABELS,
  recallToast,
} from "~/domain/recall-summary";
import { batchParamSchema } from "~/domain/validation/stock-lots";
import { z } from "~/domain/zod";
import { actionFailure, actionSuccess, refusal } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { lotHistories } from "~/modules/inventory/lot-history.server";
import { lotsOfBatch, recipientsOfBatch } from "~/modules/orders/batch-recall.server";
import { liftBatchHold, recallBatch } from "~/modules/orders/recall-batch.server";
import { skipReasons } from "~/modules/orders/recall-notices.server";
import { recallChannelStates, recallOrderEffects } from "~/modules/orders/recall-status.server";
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

/**
 * A batch: the sizes it was received for and whether it is held, each lot's movements (decision
 * 075), every order and customer that received it, what each channel of the recall notice did per
 * customer, and the orders not yet shipped the recall re-allocated or held (decision 067).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const batch = batchOf(params);
  const [lots, recipients] = await Promise.all([
    lotsOfBatch(db, batch),
    recipientsOfBatch(db, batch),
  ]);
  if (lots.length === 0 && recipients.length === 0) throw data(NOT_FOUND, { status: 404 });
  const batchNumber = lots[0]?.batchNumber ?? recipients[0]!.batchNumber;
  const held = lots.some((lot) => lot.heldAt);
  const recalled = held || lots.some((lot) => lot.holdLiftedAt);
  const skipped = await skipReasons(db, context.services.notifications, recipients);
  const [channels, effects, histories] = await Promise.all([
    recallChannelStates(db, batchNumber, recipients, (id, channel) =>
      recalled ? skipped(id, channel) : null,
    ),
    recallOrderEffects(
      db,
      lots.map((lot) => lot.lotId),
    ),
    lotHistories(
      db,
      lots.map((lot) => lot.lotId),
    ),
  ]);
  const url = new URL(request.url);
  return {
    batch: batchNumber,
    lots: lots.map((lot) => {
      const history = histories.get(lot.lotId)!;
      return {
        ...lot,
        movementCount: history.count,
        movements: history.movements.map((move) => ({
          ...move,
          label: LOT_MOVEMENT_LABELS[move.kind],
        })),
      };
    }),
    recipients,
    held,
    channels,
    effects,
    confirm: url.searchParams.get("confirm"),
  };
}

const intentSchema = z.object({ intent: z.enum(["recall", "lift-hold"]) });

/**
 * "Recall batch": the batch is held, orders not yet shipped are re-allocated or held, and every
 * customer who received it is told on every channel they can receive, each once.
 * "Lift hold": a mistaken recall; the batch is sold and shipped again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  const admin = await requireAdmin(context.services.accounts, request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return actionFailure(context.services.signer, refusal("Unknown action"));
  const batch = batchOf(params);
  if (parsed.data.intent === "lift-hold") {
    const lifted = await liftBatchHold(db, admin.id, batch);
    if (!lifted)
      return actionFailure(
        context.services.signer,
        refusal("This batch is not on hold", { status: 409 }),
      );
    return actionSuccess(context.services.signer, {
      type: "success",
      title: "Hold lifted",
      description: "The batch is sold again, and orders held on it can be shipped.",
    });
  }
  const outcome = await recallBatch(db, context.services.notifications, admin.id, batch);
  const toast = recallToast(outcome);
  if (!toast) {
    return actionFailure(
      context.services.signer,
      refusal(
        outcome.notices.length > 0
          ? "Every customer who received this batch has already been sent the notice"
          : "This batch is already on hold, and no customer received it",
        { status: 409 },
      ),
    );
  }
  return actionSuccess(context.services.signer, { type: "success", ...toast });
}

export default function BatchPage({ loaderData }: Route.ComponentProps) {
  const { batch, lots, recipients, held, channels, effects, confirm } = loaderData;
  const customers = new Set(recipients.map((row) => row.customerId ?? row.orderId)).size;
  const here = `/admin/batches/${encodeURIComponent(batch)}`;
  const csvHref = `${here}/recall.csv`;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={`Batch ${batch}`}
        description="The sizes received under this batch number, and who received it"
      />
      {held ? (
        <p role="status" className="rounded-md border border-destructive p-3 text-sm">
          <Badge variant="destructive">On hold</Badge> This batch is recalled: it is not sold, and
          orders held on it cannot be shipped until the hold is lifted.
        </p>
      ) : null}
      {confirm === "recall" ? (
        <ConfirmCard
          id="recall-batch"
          cancelHref={here}
          description={`Batch ${batch} will stop selling at once. Orders not yet shipped are filled from other stock, or held for your attention, and every customer who received it is told by e-mail, SMS and WhatsApp where they can be.`}
        >
          <Form method="post" action={here}>
            <Button type="submit" name="intent" value="recall" variant="destructive">
              Recall batch
            </Button>
          </Form>
        </ConfirmCard>
      ) : null}
      {confirm === "lift-hold" && held ? (
        <ConfirmCard
          id="lift-hold"
          cancelHref={here}
          description={`Batch ${batch} will be sold again, and orders held on it can be shipped. Notices already sent stay sent.`}
        >
          <Form method="post" action={here}>
            <Button type="submit" name="intent" value="lift-hold" variant="destructive">
              Lift hold
            </Button>
          </Form>
        </ConfirmCard>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">Sizes</h2>
        </CardHeader>
        <CardContent>
          <StackedTable
            caption={`Sizes received as batch ${batch}`}
            headings={["Product", "SKU", "Manufactured", "Expires", "Received", "Left", "Status"]}
            rowCount={lots.length}
            emptyText="This batch is no longer held for any size."
          >
            {lots.map((lot) => (
              <StackedRow key={lot.lotId}>
                <StackedCell label="Product" header>
                  <Link
                    to={`/admin/products/${lot.productId}/lots`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {sizedName(lot.productName, lot.variantLabel)}
                  </Link>
                </StackedCell>
                <StackedCell label="SKU" className="break-all">
                  {lot.sku}
                </StackedCell>
                <StackedCell label="Manufactured">
                  {formatLabelMonth(lot.manufacturedOn)}
                </StackedCell>
                <StackedCell label="Expires">{formatLabelMonth(lot.expiresOn)}</StackedCell>
                <StackedCell label="Received" className="tabular-nums">
                  {lot.quantityReceived}
                </StackedCell>
                <StackedCell label="Left" className="tabular-nums">
                  {lot.quantityLeft}
                </StackedCell>
                <StackedCell label="Status">
                  {lot.heldAt ? <Badge variant="destructive">On hold</Badge> : "Sellable by date"}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </CardContent>
      </Card>
      {lots.map((lot) => (
        <LotMovements
          key={lot.lotId}
          sizeName={sizedName(lot.productName, lot.variantLabel)}
          batch={batch}
          movements={lot.movements}
          count={lot.movementCount}
        />
      ))}
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
          <div className="flex flex-wrap gap-3">
            {recipients.length > 0 ? (
              <a href={csvHref} download className={buttonVariants({ variant: "outline" })}>
                <Download aria-hidden="true" /> Download CSV
              </a>
            ) : null}
            {held ? (
              <Link to="?confirm=lift-hold" className={buttonVariants({ variant: "outline" })}>
                <Unlock aria-hidden="true" /> Lift hold
              </Link>
            ) : null}
            {lots.length > 0 || recipients.length > 0 ? (
              <Link
                to="?confirm=recall"
                className={buttonVariants({ variant: held ? "outline" : "destructive" })}
              >
                <Megaphone aria-hidden="true" />{" "}
                {held ? "Send recall notice again" : "Recall batch"}
              </Link>
            ) : null}
          </div>
        </CardHeader>
        <CardContent>
          <StackedTable
            caption={`Orders that received batch ${batch}`}
            headings={["Order", "Date", "Customer", "Phone", "Item", "Quantity", "Status"]}
            rowCount={recipients.length}
            emptyText="Nobody to recall from."
          >
            {recipients.map((row) => (
              <StackedRow key={`${row.orderId}-${row.item}`}>
                <StackedCell label="Order" header>
                  <Link
                    to={`/admin/orders?q=${encodeURIComponent(row.orderNumber)}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {row.orderNumber}
                  </Link>
                </StackedCell>
                <StackedCell label="Date" className="lg:whitespace-nowrap">
                  {formatIstDate(row.orderedAt)}
                </StackedCell>
                <StackedCell label="Customer">
                  {row.customerName}
                  <span className="block break-all text-muted-foreground text-xs">
                    {row.customerEmail ?? "—"}
                  </span>
                </StackedCell>
                <StackedCell label="Phone">{row.phone}</StackedCell>
                <StackedCell label="Item">{row.item}</StackedCell>
                <StackedCell label="Quantity" className="tabular-nums">
                  {row.quantity}
                </StackedCell>
                <StackedCell label="Status">
                  <OrderStatusBadge status={row.status} />
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </CardContent>
      </Card>
      {channels.length > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg">Recall notices</h2>
            <p className="text-muted-foreground text-sm">
              Each customer who received the batch, and what each channel did.
            </p>
          </CardHeader>
          <AdminTable
            headings={["Customer", "Channels"]}
            rowCount={channels.length}
            emptyText="Nobody received this batch."
          >
            {channels.map((customer) => (
              <tr
                key={customer.customerId}
                className="border-border border-b align-top last:border-0"
              >
                <th scope="row" className="px-3 py-2 font-medium">
                  {customer.customerName}
                </th>
                <td className="px-3 py-2">
                  <ul className="grid gap-2">
                    {customer.channels.map((channel) => (
                      <li key={channel.channel} className="flex flex-wrap items-center gap-x-2">
                        <span className="w-20 font-medium">
                          {RECALL_CHANNEL_LABELS[channel.channel]}:
                        </span>
                        <Badge variant={STATE_TONE[channel.state] ?? "secondary"}>
                          {channelStateLabel(channel.state)}
                        </Badge>
                        {channel.reason ? (
                          <span className="basis-full text-muted-foreground text-xs sm:basis-auto">
                            {channel.reason}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </AdminTable>
        </Card>
      ) : null}
      {effects.length > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg">Orders not yet shipped</h2>
            <p className="text-muted-foreground text-sm">
              What the recall did to orders that were to ship this batch.
            </p>
          </CardHeader>
          <AdminTable
            headings={["Order", "Outcome"]}
            rowCount={effects.length}
            emptyText="No order was waiting to ship this batch."
          >
            {effects.map((effect) => (
              <tr key={effect.orderId} className="border-border border-b last:border-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link
                    to={`/admin/orders?view=${effect.orderId}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {effect.orderNumber}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  <Badge
                    variant={effect.outcome === "held" ? "destructive" : "secondary"}
                    className="whitespace-normal!"
                  >
                    {RECALL_EFFECT_LABELS[effect.outcome] ?? effect.outcome}
                  </Badge>
                </td>
              </tr>
            ))}
          </AdminTable>
        </Card>
      ) : null}
    </div>
  );
}

const STATE_TONE: Record<string, "success" | "warning" | "destructive" | "secondary"> = {
  sent: "success",
  delivered: "success",
  queued: "warning",
  failed: "destructive",
};
