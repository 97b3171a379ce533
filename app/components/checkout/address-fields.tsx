import { deferred } from "~/components/deferred";
import { type FieldMeta, InputField } from "~/components/forms";

/**
 * The spec's phone field; its code, which reads a written +91 or leading 0 (docs/decisions/066),
 * comes after the checkout's first load (decision 029), and the server reads it the same way.
 */
const PhoneField = deferred(() =>
  import("~/components/account/phone-field").then((module) => module.PhoneField),
);

type Meta = FieldMeta;

export type AddressFieldsMeta = {
  fullName: Meta;
  phone: Meta;
  addressLine1: Meta;
  addressLine2: Meta;
  city: Meta;
  state: Meta;
  postalCode: Meta;
};

/** The shipping address inputs of docs/SPEC.md §5, each labelled, with its first error under it. */
export function AddressFields({
  fields,
  disabled,
  pinAction,
}: {
  fields: AddressFieldsMeta;
  disabled?: boolean;
  /** Beside the PIN code: the checkout's "Check" (docs/decisions/077). */
  pinAction?: React.ReactNode;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        meta={fields.fullName}
        label="Full Name"
        autoComplete="name"
        disabled={disabled}
      />
      <PhoneField meta={fields.phone} placeholder="" disabled={disabled} />
      <InputField
        meta={fields.addressLine1}
        label="Address Line 1"
        autoComplete="address-line1"
        disabled={disabled}
        className="sm:col-span-2"
      />
      <InputField
        meta={fields.addressLine2}
        label="Address Line 2 (optional)"
        autoComplete="address-line2"
        disabled={disabled}
        className="sm:col-span-2"
      />
      <InputField
        meta={fields.city}
        label="City"
        autoComplete="address-level2"
        disabled={disabled}
      />
      <InputField
        meta={fields.state}
        label="State"
        autoComplete="address-level1"
        disabled={disabled}
      />
      <InputField
        meta={fields.postalCode}
        label="Postal Code"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={6}
        disabled={disabled}
      />
      {pinAction ? <div className="flex items-start sm:pt-6">{pinAction}</div> : null}
    </div>
  );
}
