import { PackagePlus } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { LotActions, type LotFormState } from "~/components/admin/lot-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  formatLabelMonth,
  LOT_STATUS_LABELS,
  type LotStatus,
  lotStatus,
} from "~/domain/batch-labels";
import { formatIstDate } from "~/domain/india-time";
import { sizedName } from "~/domain/pack-sizes";
import { shopDate } from "~/domain/stock-lots";
import {
  adjustLotSchema,
  BATCH_NUMBER_MAX,
  receiveLotSchema,
  writeOffLotSchema,
} from "~/domain/validation/stock-lots";
import { z } from "~/domain/zod";
import { actionFailure, actionSuccess, refusal, runIntent } from "~/lib/action-result.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { InventoryError } from "~/modules/inventory/lots.server";
import {
  adjustLot,
  productLots,
  receiveStock,
  writeOffLot,
} from "~/modules/inventory/lots-admin.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/product-lots";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `Stock lots: ${loaderData.product.name} | Admin | Satara Ayurveda`
      : "Stock lots | Admin | Satara Ayurveda",
  },
];

const NOT_FOUND = "This product does not exist";

function productIdOf(params: { productId?: string }) {
  const parsed = z.uuid().safeParse(params.productId);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = await productLots(db(), productIdOf(params));
  if (!view) throw data(NOT_FOUND, { status: 404 });
  const { minShelfLifeDays } = await getSettings(db());
  const today = shopDate();
  return {
    ...view,
    minShelfLifeDays,
    sizes: view.sizes.map((size) => ({
      ...size,
      lots: size.lots.map((lot) => ({
        ...lot,
        status: lotStatus(lot.expiresOn, today, minShelfLifeDays),
      })),
    })),
  };
}

/** Field messages of a failed parse, by field name. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

async function refused(
  form: string,
  errors: Record<string, string[]>,
  values: Record<string, string>,
) {
  const first = Object.values(errors).flat()[0] ?? "Please check the form";
  return actionFailure(refusal(first), { form, errors, values });
}

async function inventoryRefusal(form: string, error: unknown, values: Record<string, string>) {
  if (!(error instanceof InventoryError)) throw error;
  return actionFailure(refusal(error.message, { status: 409 }), {
    form,
    errors: { form: [error.message] },
    values,
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const productId = productIdOf(params);
  const formData = await readForm(request);
  return runIntent(formData.get("intent"), {
    receive: () => receive(admin.id, productId, formData),
    adjust: () => adjust(admin.id, productId, formData),
    "write-off": () => writeOff(admin.id, productId, formData),
  });
}

async function receive(adminId: string, productId: string, formData: FormData) {
  const values = {
    variantId: text(formData, "variantId"),
    batchNumber: text(formData, "batchNumber"),
    manufacturedOn: text(formData, "manufacturedOn"),
    expiresOn: text(formData, "expiresOn"),
    quantity: text(formData, "quantity"),
  };
  const form = `receive:${values.variantId}`;
  const parsed = receiveLotSchema().safeParse(values);
  if (!parsed.success) return refused(form, fieldErrors(parsed.error), values);
  try {
    const lot = await receiveStock(db(), adminId, productId, parsed.data);
    return actionSuccess({
      type: "success",
      title: `Received ${lot.quantityReceived} of batch ${lot.batchNumber}`,
    });
  } catch (error) {
    return inventoryRefusal(form, error, values);
  }
}

async function adjust(adminId: string, productId: string, formData: FormData) {
  const values = {
    lotId: text(formData, "lotId"),
    counted: text(formData, "counted"),
    reason: text(formData, "reason"),
  };
  const form = `adjust:${values.lotId}`;
  const parsed = adjustLotSchema.safeParse(values);
  if (!parsed.success) return refused(form, fieldErrors(parsed.error), values);
  try {
    await adjustLot(db(), adminId, productId, parsed.data);
    return actionSuccess({ type: "success", title: `Lot set to ${parsed.data.counted}` });
  } catch (error) {
    return inventoryRefusal(form, error, values);
  }
}

async function writeOff(adminId: string, productId: string, formData: FormData) {
  const values = {
    lotId: text(formData, "lotId"),
    quantity: text(formData, "quantity"),
    reason: text(formData, "reason"),
  };
  const form = `write-off:${values.lotId}`;
  const parsed = writeOffLotSchema.safeParse(values);
  if (!parsed.success) return refused(form, fieldErrors(parsed.error), values);
  try {
    await writeOffLot(db(), adminId, productId, parsed.data);
    return actionSuccess({
      type: "success",
      title: `Wrote off ${parsed.data.quantity} ${parsed.data.quantity === 1 ? "unit" : "units"}`,
    });
  } catch (error) {
    return inventoryRefusal(form, error, values);
  }
}

const STATUS_TONE: Record<LotStatus, "success" | "warning" | "destructive"> = {
  sellable: "success",
  "near-expiry": "warning",
  expired: "destructive",
};

function ReceiveForm({
  sizeId,
  sizeName,
  state,
}: {
  sizeId: string;
  sizeName: string;
  state?: LotFormState;
}) {
  const id = (name: string) => `receive-${sizeId}-${name}`;
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  return (
    <Form method="post" className="grid gap-3" aria-labelledby={id("heading")}>
      <h3 id={id("heading")} className="font-semibold">
        Receive stock<span className="sr-only"> of {sizeName}</span>
      </h3>
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.form[0]}
        </p>
      ) : null}
      <input type="hidden" name="variantId" value={sizeId} />
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Batch number" id={id("batch")} errors={errors.batchNumber}>
          {(control) => (
            <Input
              {...control}
              name="batchNumber"
              required
              maxLength={BATCH_NUMBER_MAX}
              autoComplete="off"
              defaultValue={values.batchNumber}
            />
          )}
        </Field>
        <Field
          label="Manufacturing month"
          id={id("mfg")}
          errors={errors.manufacturedOn}
          description="MM/YYYY"
        >
          {(control) => (
            <Input
              {...control}
              type="month"
              name="manufacturedOn"
              required
              placeholder="MM/YYYY"
              defaultValue={values.manufacturedOn}
            />
          )}
        </Field>
        <Field label="Expiry month" id={id("exp")} errors={errors.expiresOn} description="MM/YYYY">
          {(control) => (
            <Input
              {...control}
              type="month"
              name="expiresOn"
              required
              placeholder="MM/YYYY"
              defaultValue={values.expiresOn}
            />
          )}
        </Field>
        <Field label="Quantity" id={id("qty")} errors={errors.quantity}>
          {(control) => (
            <Input
              {...control}
              name="quantity"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              autoComplete="off"
              defaultValue={values.quantity}
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="submit" name="intent" value="receive">
          <PackagePlus aria-hidden="true" /> Receive stock
        </Button>
      </div>
    </Form>
  );
}

export default function ProductLotsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizes, minShelfLifeDays } = loaderData;
  const failed = actionData && !actionData.ok && "form" in actionData ? actionData : undefined;
  const stateOf = (form: string): LotFormState | undefined =>
    failed?.form === form
      ? {
          errors: failed.errors as Record<string, string[]>,
          values: failed.values as Record<string, string>,
        }
      : undefined;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={`Stock lots: ${product.name}`}
        description={`Batches received per size, first expiry sold first. A lot expiring within ${minShelfLifeDays} days (the minimum shelf life in Settings) is no longer sold.`}
      >
        <Link to="/admin/products" className="text-primary underline underline-offset-4">
          Back to products
        </Link>
      </AdminPageHeader>
      {sizes.map((size) => {
        const sizeName = sizedName(product.name, size.label);
        return (
          <section key={size.id} aria-labelledby={`size-${size.id}`}>
            <Card>
              <CardHeader>
                <h2 id={`size-${size.id}`} className="font-display font-semibold text-lg">
                  {sizeName}
                </h2>
                <p className="text-muted-foreground text-sm">
                  SKU {size.sku} · {size.stockQuantity} sellable
                  {size.archived ? " · no longer sold" : ""}
                </p>
              </CardHeader>
              <CardContent className="grid gap-6">
                {size.lots.length === 0 ? (
                  <p className="text-muted-foreground">No stock recorded for this size.</p>
                ) : (
                  <div className="overflow-x-auto">
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Lots of {sizeName}</caption>
                      <thead className="border-border border-b text-muted-foreground">
                        <tr>
                          {[
                            "Batch",
                            "Manufactured",
                            "Expires",
                            "Received",
                            "Left",
                            "Status",
                            "Actions",
                          ].map((heading) => (
                            <th key={heading} scope="col" className="px-3 py-2 font-medium">
                              {heading}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {size.lots.map((lot) => {
                          const name = lot.batchNumber
                            ? `batch ${lot.batchNumber}`
                            : "opening stock";
                          return (
                            <tr
                              key={lot.id}
                              className="border-border border-b align-top last:border-0"
                            >
                              <th scope="row" className="px-3 py-2 font-medium">
                                {lot.batchNumber ? (
                                  <Link
                                    to={`/admin/batches/${encodeURIComponent(lot.batchNumber)}`}
                                    className="text-primary underline-offset-4 hover:underline"
                                  >
                                    {lot.batchNumber}
                                  </Link>
                                ) : (
                                  "Opening stock"
                                )}
                              </th>
                              <td className="px-3 py-2">{formatLabelMonth(lot.manufacturedOn)}</td>
                              <td className="px-3 py-2">{formatLabelMonth(lot.expiresOn)}</td>
                              <td className="whitespace-nowrap px-3 py-2">
                                {lot.quantityReceived} on {formatIstDate(lot.receivedAt)}
                              </td>
                              <td className="px-3 py-2 tabular-nums">{lot.quantityLeft}</td>
                              <td className="px-3 py-2">
                                <Badge variant={STATUS_TONE[lot.status]}>
                                  {LOT_STATUS_LABELS[lot.status]}
                                </Badge>
                              </td>
                              <td className="px-3 py-2">
                                <LotActions
                                  lotId={lot.id}
                                  name={name}
                                  quantityLeft={lot.quantityLeft}
                                  adjust={stateOf(`adjust:${lot.id}`)}
                                  writeOff={stateOf(`write-off:${lot.id}`)}
                                />
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                )}
                <ReceiveForm
                  sizeId={size.id}
                  sizeName={sizeName}
                  state={stateOf(`receive:${size.id}`)}
                />
              </CardContent>
            </Card>
          </section>
        );
      })}
    </div>
  );
}
