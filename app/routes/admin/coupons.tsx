import { useEffect, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { CouponForm, type EditableCoupon } from "~/components/admin/coupon-form";
import { EditorPanel } from "~/components/admin/editor-panel";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pencil, Plus, Trash2 } from "~/components/icons";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { COUPON_STATUS_LABELS, type CouponStatus, couponStatus } from "~/domain/coupons";
import { formatIstDate } from "~/domain/india-time";
import { formatRupeesShort } from "~/domain/money";
import { couponFormSchema } from "~/domain/validation/coupon";
import { z } from "~/domain/zod";
import { actionFailure, actionSuccess, refusal, runIntent } from "~/lib/action-result.server";
import { saveEditorForm } from "~/lib/editor-form.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  CouponAdminError,
  createCoupon,
  deleteCoupon,
  listAllCoupons,
  updateCoupon,
} from "~/modules/promotions/coupons-admin.server";
import type { ShopServices } from "~/services.server";
import type { Route } from "./+types/coupons";

export const meta: Route.MetaFunction = () => [{ title: "Coupons | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const now = new Date();
  const coupons = await listAllCoupons(context.services.db);
  // Decided on the server, so the page reads the same before and after hydration.
  return { coupons: coupons.map((coupon) => ({ ...coupon, status: couponStatus(coupon, now) })) };
}

const idSchema = z.object({ id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    delete: () => removeCoupon(context.services, admin.id, formData),
    create: () => saveCoupon(context.services, admin.id, "create", formData),
    update: () => saveCoupon(context.services, admin.id, "update", formData),
  });
}

const NOT_FOUND = refusal("That coupon could not be found");

async function removeCoupon(services: ShopServices, adminId: string, formData: FormData) {
  const parsed = idSchema.safeParse({ id: formData.get("id") });
  if (!parsed.success) return actionFailure(services.signer, NOT_FOUND);
  await deleteCoupon(services.db, adminId, parsed.data.id);
  return actionSuccess(
    services.signer,
    { type: "success", title: "Coupon deleted successfully" },
    { intent: "delete" },
  );
}

async function saveCoupon(
  services: ShopServices,
  adminId: string,
  intent: "create" | "update",
  formData: FormData,
) {
  // A taken code is refused beside its field.
  const form = { schema: couponFormSchema, intent, refusedBy: CouponAdminError };
  return saveEditorForm(services.signer, formData, form, async (coupon) => {
    if (intent === "create") {
      await createCoupon(services.db, adminId, coupon);
      return actionSuccess(
        services.signer,
        { type: "success", title: "Coupon created successfully" },
        { intent },
      );
    }
    const parsed = idSchema.safeParse({ id: formData.get("id") });
    if (!parsed.success) return actionFailure(services.signer, NOT_FOUND);
    await updateCoupon(services.db, adminId, parsed.data.id, coupon);
    return actionSuccess(
      services.signer,
      { type: "success", title: "Coupon updated successfully" },
      { intent },
    );
  });
}

type ActionData = {
  ok: boolean;
  intent?: string;
  result?: Parameters<typeof CouponForm>[0]["lastResult"];
};

const STATUS_BADGES: Record<CouponStatus, BadgeVariant> = {
  active: "success",
  inactive: "secondary",
  expired: "warning",
};

function discountText(coupon: EditableCoupon) {
  const amount =
    coupon.discountType === "percentage"
      ? `${coupon.discountValue}%`
      : formatRupeesShort(coupon.discountValue);
  return coupon.maxDiscount ? `${amount} (Max: ${formatRupeesShort(coupon.maxDiscount)})` : amount;
}

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionData>();
  const editing = params.get("edit");
  const creating = params.has("new");
  const editingCoupon = editing ? coupons.find((c) => c.id === editing) : undefined;
  const [deleting, setDeleting] = useState<EditableCoupon | null>(null);
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("edit");
        next.delete("new");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only after a save finishes
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent !== "delete") close();
  }, [fetcher.state, fetcher.data]);
  const formOpen = creating || Boolean(editingCoupon);
  const form = formOpen ? (
    <CouponForm
      key={editingCoupon?.id ?? "new"}
      coupon={editingCoupon}
      fetcher={fetcher as never}
      lastResult={fetcher.data?.ok === false ? fetcher.data.result : null}
      onCancel={close}
    />
  ) : null;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Coupon Management" description="Create and manage discount codes">
        <a
          href="?new=1"
          onClick={(event) => {
            event.preventDefault();
            setParams({ new: "1" }, { replace: true, preventScrollReset: true });
          }}
          className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary-hover"
        >
          <Plus className="size-4" aria-hidden="true" /> Create Coupon
        </a>
      </AdminPageHeader>
      <EditorPanel
        hydrated={hydrated}
        open={formOpen}
        onClose={close}
        title={editingCoupon ? "Edit Coupon" : "Create New Coupon"}
        description="Codes are saved in capital letters. Leave a field empty for no limit."
      >
        {form}
      </EditorPanel>
      <Card>
        <CardHeader>
          <h2 className="font-display font-semibold text-lg">Active Coupons</h2>
        </CardHeader>
        <AdminTable
          headings={["Code", "Discount", "Usage", "Expires", "Status", "Actions"]}
          rowCount={coupons.length}
          emptyText="No coupons created yet"
        >
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-border border-b last:border-0">
              <td className="px-3 py-3 font-mono font-semibold">{coupon.code}</td>
              <td className="px-3 py-3">{discountText(coupon)}</td>
              <td className="px-3 py-3">
                {coupon.usedCount}/{coupon.usageLimit ?? "∞"}
              </td>
              <td className="px-3 py-3">
                {coupon.expiresAt ? formatIstDate(coupon.expiresAt) : "No expiry"}
              </td>
              <td className="px-3 py-3">
                <Badge variant={STATUS_BADGES[coupon.status]}>
                  {COUPON_STATUS_LABELS[coupon.status]}
                </Badge>
              </td>
              <td className="px-3 py-3">
                <div className="flex gap-1">
                  <a
                    href={`?edit=${coupon.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setParams({ edit: coupon.id }, { replace: true, preventScrollReset: true });
                    }}
                    aria-label={`Edit ${coupon.code}`}
                    className="inline-flex size-9 items-center justify-center rounded-md hover:bg-secondary"
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </a>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${coupon.code}`}
                    onClick={() => setDeleting(coupon)}
                  >
                    <Trash2 className="text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        description={
          <>
            This will permanently delete this coupon{deleting ? ` (${deleting.code})` : ""}.
            Customers will no longer be able to use it.
          </>
        }
      >
        <fetcher.Form method="post" action="/admin/coupons" onSubmit={() => setDeleting(null)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={deleting?.id ?? ""} />
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </fetcher.Form>
      </ConfirmDialog>
    </div>
  );
}
