import { type FieldMeta, InputField } from "~/components/forms";
import { phoneDigits } from "~/domain/validation/address-format";

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
}: {
  fields: AddressFieldsMeta;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        meta={fields.fullName}
        label="Full Name"
        autoComplete="name"
        disabled={disabled}
      />
      <InputField
        meta={fields.phone}
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        disabled={disabled}
        // docs/SPEC.md §5: the phone field keeps digits only, at most 10.
        onChange={(event) => {
          event.currentTarget.value = phoneDigits(event.currentTarget.value);
        }}
      />
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
    </div>
  );
}
