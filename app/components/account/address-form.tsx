import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { InputField } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import type { SavedAddress } from "~/modules/accounts/addresses-read.server";
import { profileAction } from "./action-data";
import { PhoneField } from "./phone-field";
import { useProfileChecks } from "./use-profile-checks";

/**
 * Add an address, or edit one (pre-filled). Checked in the browser and again on the server with
 * the same schema; without JavaScript it is a plain form post.
 */
export function AddressForm({
  address,
  lastResult,
}: {
  address?: SavedAddress;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "save-address";
  const heading = useRef<HTMLHeadingElement>(null);
  const checks = useProfileChecks();
  const [form, fields] = useForm({
    id: address ? `address-${address.id}` : "address-new",
    lastResult,
    defaultValue: address
      ? {
          fullName: address.fullName,
          phone: address.phone,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2 ?? "",
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
        }
      : undefined,
    // Without its checks Conform would ask the server on every blur and keystroke.
    shouldValidate: checks ? "onBlur" : "onSubmit",
    shouldRevalidate: checks ? "onInput" : "onSubmit",
    onValidate: checks
      ? ({ formData }) => checks.parseWithZod(formData, { schema: checks.savedAddressSchema })
      : undefined,
  });
  // Opening the form moves keyboard focus to it.
  useEffect(() => heading.current?.focus(), []);
  const title = address ? "Edit Address" : "Add New Address";
  const titleId = `${form.id}-title`;
  return (
    <Form
      method="post"
      action={profileAction("addresses")}
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="grid gap-4 rounded-lg border border-primary/40 bg-card p-5 shadow-sm"
    >
      <h3 id={titleId} ref={heading} tabIndex={-1} className="font-semibold text-lg">
        {title}
      </h3>
      <input type="hidden" name="intent" value="save-address" />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField meta={fields.fullName} label="Full Name" autoComplete="name" />
        <PhoneField meta={fields.phone} />
        <InputField
          meta={fields.addressLine1}
          label="Address Line 1"
          autoComplete="address-line1"
          placeholder="House number, street"
          className="sm:col-span-2"
        />
        <InputField
          meta={fields.addressLine2}
          label="Address Line 2 (optional)"
          autoComplete="address-line2"
          placeholder="Area, landmark"
          className="sm:col-span-2"
        />
        <InputField meta={fields.city} label="City" autoComplete="address-level2" />
        <InputField meta={fields.state} label="State" autoComplete="address-level1" />
        <InputField
          meta={fields.postalCode}
          label="Postal Code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={6}
        />
      </div>
      {address?.isDefault ? (
        <p className="text-muted-foreground text-sm">This is your default address.</p>
      ) : (
        <label className="flex w-fit items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="isDefault"
            className="size-4 accent-primary"
            defaultChecked={false}
          />
          Set as default address
        </label>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Link
          to="?tab=addresses"
          preventScrollReset
          className={buttonVariants({ variant: "outline" })}
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : address ? "Update Address" : "Save Address"}
        </Button>
      </div>
    </Form>
  );
}
