import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatIstDay } from "~/domain/india-time";
import { EditorFormActions } from "./editor-form-actions";

export type EditableCoupon = {
  id: string;
  code: string;
  discountType: "percentage" | "fixed";
  discountValue: number;
  minOrderValue: number | null;
  maxDiscount: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  expiresAt: string | Date | null;
  isActive: boolean;
};

const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));

/** Create or edit a coupon (docs/SPEC.md §5): a new coupon defaults to percentage and active. */
export function CouponForm({
  coupon,
  lastResult,
  fetcher,
  onCancel,
}: {
  coupon?: EditableCoupon;
  lastResult?: SubmissionResult<string[]> | null;
  fetcher: FetcherWithComponents<unknown>;
  onCancel?: () => void;
}) {
  // The page's fetcher keeps its last answer after the dialog closes: an answer already there
  // when the form opens belongs to an earlier opening, and its errors are not this one's.
  const [earlierResult] = useState(lastResult);
  const [form, fields] = useForm({
    id: coupon ? `coupon-${coupon.id}` : "coupon-new",
    lastResult: lastResult === earlierResult ? null : lastResult,
  });
  const busy = fetcher.state !== "idle";
  const value = coupon
    ? coupon.discountType === "percentage"
      ? String(coupon.discountValue)
      : rupees(coupon.discountValue)
    : "";
  const text = (
    name: string,
    label: string,
    defaultValue: string,
    props: React.ComponentProps<"input"> = {},
  ) => {
    const meta = fields[name];
    return (
      <Field label={label} id={`${form.id}-${name}`} errors={meta?.errors?.slice(0, 1)}>
        {(control) => <Input {...control} name={name} defaultValue={defaultValue} {...props} />}
      </Field>
    );
  };
  return (
    <fetcher.Form
      method="post"
      action="/admin/coupons"
      {...getFormProps(form)}
      noValidate
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={coupon ? "update" : "create"} />
      {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("code", "Coupon Code", coupon?.code ?? "", {
          autoCapitalize: "characters",
          placeholder: "SAVE10",
        })}
        <div className="grid gap-1.5">
          <Label htmlFor={`${form.id}-discountType`}>Discount Type</Label>
          <select
            id={`${form.id}-discountType`}
            name="discountType"
            defaultValue={coupon?.discountType ?? "percentage"}
            className="h-10 rounded-md border border-input bg-card px-3"
          >
            <option value="percentage">Percentage (%)</option>
            <option value="fixed">Fixed amount (₹)</option>
          </select>
        </div>
        {text("discountValue", "Discount Value", value, { inputMode: "decimal" })}
        {text("minOrderValue", "Minimum Order Value (₹)", rupees(coupon?.minOrderValue ?? null), {
          inputMode: "decimal",
          step: "0.01",
        })}
        {text("maxDiscount", "Maximum Discount (₹)", rupees(coupon?.maxDiscount ?? null), {
          inputMode: "decimal",
          step: "0.01",
        })}
        {text("usageLimit", "Usage Limit", coupon?.usageLimit ? String(coupon.usageLimit) : "", {
          inputMode: "numeric",
        })}
        {text(
          "perCustomerLimit",
          "Uses per Customer",
          coupon?.perCustomerLimit ? String(coupon.perCustomerLimit) : "",
          { inputMode: "numeric" },
        )}
        {text("expiresOn", "Expiry Date", coupon?.expiresAt ? formatIstDay(coupon.expiresAt) : "", {
          type: "date",
        })}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${form.id}-isActive`}
          name="isActive"
          defaultChecked={coupon?.isActive ?? true}
        />
        <Label htmlFor={`${form.id}-isActive`}>Active</Label>
      </div>
      <EditorFormActions
        onCancel={onCancel}
        saving={busy}
        submitLabel={coupon ? "Update Coupon" : "Create Coupon"}
      />
    </fetcher.Form>
  );
}
