import { data, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import type { LotFormState } from "~/components/admin/lot-actions";
import { ReceiveStockForm } from "~/components/admin/receive-stock-form";
import { SizeLotsTable } from "~/components/admin/size-lots-table";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { lotStatus, nearExpiryWarning } from "~/domain/batch-labels";
import { sizedName } from "~/domain/pack-sizes";
import { shopDate } from "~/domain/stock-lots";
import {
  adjustLotSchema,
  receiveLotSchema,
  writeOffLotSchema,
} from "~/domain/validation/stock-lots";
import { z } from "~/domain/zod";
import { actionFailure, actionSuccess, refusal, runIntent } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import type { Signer } from "~/lib/signer.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { InventoryError } from "~/modules/inventory/lots.server";
import {
  adjustLot,
  productLots,
  receiveStock,
  writeOffLot,
} from "~/modules/inventory/lots-admin.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { ShopServices } from "~/services.server";
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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const view = await productLots(db, productIdOf(params));
  if (!view) throw data(NOT_FOUND, { status: 404 });
  const { minShelfLifeDays } = await getSettings(db);
  const today = shopDate();
  return {
    ...view,
    minShelfLifeDays,
    today,
    sizes: view.sizes.map((size) => ({
      ...size,
      lots: size.lots.map((lot) => ({
        ...lot,
        status: lotStatus(lot.expiresOn, today, minShelfLifeDays, lot.heldAt),
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
  signer: Signer,
  form: string,
  errors: Record<string, string[]>,
  values: Record<string, string>,
) {
  const first = Object.values(errors).flat()[0] ?? "Please check the form";
  return actionFailure(signer, refusal(first), { form, errors, values });
}

async function inventoryRefusal(
  signer: Signer,
  form: string,
  error: unknown,
  values: Record<string, string>,
) {
  if (!(error instanceof InventoryError)) throw error;
  return actionFailure(signer, refusal(error.message, { status: 409 }), {
    form,
    errors: { form: [error.message] },
    values,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const productId = productIdOf(params);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    receive: () => receive(context.services, admin.id, productId, formData),
    adjust: () => adjust(context.services, admin.id, productId, formData),
    "write-off": () => writeOff(context.services, admin.id, productId, formData),
  });
}

async function receive(
  services: ShopServices,
  adminId: string,
  productId: string,
  formData: FormData,
) {
  const values = {
    variantId: text(formData, "variantId"),
    batchNumber: text(formData, "batchNumber"),
    manufacturedOn: text(formData, "manufacturedOn"),
    expiresOn: text(formData, "expiresOn"),
    quantity: text(formData, "quantity"),
  };
  const form = `receive:${values.variantId}`;
  const parsed = receiveLotSchema().safeParse(values);
  if (!parsed.success) return refused(services.signer, form, fieldErrors(parsed.error), values);
  try {
    const lot = await receiveStock(services.db, adminId, productId, parsed.data);
    const { minShelfLifeDays } = await getSettings(services.db);
    const warning = lot.expiresOn
      ? nearExpiryWarning(lot.expiresOn, shopDate(), minShelfLifeDays)
      : null;
    return actionSuccess(services.signer, {
      type: warning ? "info" : "success",
      title: `Received ${lot.quantityReceived} of batch ${lot.batchNumber}`,
      ...(warning ? { description: warning } : {}),
    });
  } catch (error) {
    return inventoryRefusal(services.signer, form, error, values);
  }
}

async function adjust(
  services: ShopServices,
  adminId: string,
  productId: string,
  formData: FormData,
) {
  const values = {
    lotId: text(formData, "lotId"),
    counted: text(formData, "counted"),
    reason: text(formData, "reason"),
  };
  const form = `adjust:${values.lotId}`;
  const parsed = adjustLotSchema.safeParse(values);
  if (!parsed.success) return refused(services.signer, form, fieldErrors(parsed.error), values);
  try {
    await adjustLot(services.db, adminId, productId, parsed.data);
    return actionSuccess(services.signer, {
      type: "success",
      title: `Lot set to ${parsed.data.counted}`,
    });
  } catch (error) {
    return inventoryRefusal(services.signer, form, error, values);
  }
}

async function writeOff(
  services: ShopServices,
  adminId: string,
  productId: string,
  formData: FormData,
) {
  const values = {
    lotId: text(formData, "lotId"),
    quantity: text(formData, "quantity"),
    reason: text(formData, "reason"),
  };
  const form = `write-off:${values.lotId}`;
  const parsed = writeOffLotSchema.safeParse(values);
  if (!parsed.success) return refused(services.signer, form, fieldErrors(parsed.error), values);
  // Units written off leave stock for good: a write-off not yet answered "yes" is asked first.
  if (formData.get("confirmed") !== "yes") {
    return data({ ok: false as const, form, errors: {}, values, confirm: true });
  }
  try {
    await writeOffLot(services.db, adminId, productId, parsed.data);
    return actionSuccess(services.signer, {
      type: "success",
      title: `Wrote off ${parsed.data.quantity} ${parsed.data.quantity === 1 ? "unit" : "units"}`,
    });
  } catch (error) {
    return inventoryRefusal(services.signer, form, error, values);
  }
}

export default function ProductLotsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizes, minShelfLifeDays, today } = loaderData;
  const failed = actionData && !actionData.ok && "form" in actionData ? actionData : undefined;
  const stateOf = (form: string): LotFormState | undefined =>
    failed?.form === form
      ? {
          errors: failed.errors as Record<string, string[]>,
          values: failed.values as Record<string, string>,
          confirm: "confirm" in failed && failed.confirm === true,
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
                <SizeLotsTable sizeName={sizeName} lots={size.lots} stateOf={stateOf} />
                <ReceiveStockForm
                  sizeId={size.id}
                  sizeName={sizeName}
                  state={stateOf(`receive:${size.id}`)}
                  shelfLife={{ today, minDays: minShelfLifeDays }}
                />
              </CardContent>
            </Card>
          </section>
        );
      })}
    </div>
  );
}
