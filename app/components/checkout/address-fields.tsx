import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { phoneDigits } from "~/domain/validation/address";

type Meta = FieldMetadata<string | null | undefined>;

export type AddressFieldsMeta = {
  fullName: Meta;
  phone: Meta;
  addressLine1: Meta;
  addressLine2: Meta;
  city: Meta;
  state: Meta;
  postalCode: Meta;
};

/** The shipping address inputs of SPEC §5, each labelled, with its first error under it. */
export function AddressFields({
  fields,
  disabled,
}: {
  fields: AddressFieldsMeta;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput meta={fields.fullName} label="Full Name" autoComplete="name" disabled={disabled} />
      <Field label="Phone" id={fields.phone.id} errors={fields.phone.errors?.slice(0, 1)}>
        {(control) => (
          <Input
            {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
            {...control}
            key={fields.phone.key}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            disabled={disabled}
            // SPEC §5: the phone field keeps digits only, at most 10.
            onChange={(event) => {
              event.currentTarget.value = phoneDigits(event.currentTarget.value);
            }}
          />
        )}
      </Field>
      <TextInput
        meta={fields.addressLine1}
        label="Address Line 1"
        autoComplete="address-line1"
        disabled={disabled}
        className="sm:col-span-2"
      />
      <TextInput
        meta={fields.addressLine2}
        label="Address Line 2 (optional)"
        autoComplete="address-line2"
        disabled={disabled}
        className="sm:col-span-2"
      />
      <TextInput
        meta={fields.city}
        label="City"
        autoComplete="address-level2"
        disabled={disabled}
      />
      <TextInput
        meta={fields.state}
        label="State"
        autoComplete="address-level1"
        disabled={disabled}
      />
      <TextInput
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

function TextInput({
  meta,
  label,
  autoComplete,
  inputMode,
  maxLength,
  disabled,
  className,
}: {
  meta: Meta;
  label: string;
  autoComplete: string;
  inputMode?: "numeric";
  maxLength?: number;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field label={label} id={meta.id} errors={meta.errors?.slice(0, 1)} className={className}>
      {(control) => (
        <Input
          {...getInputProps(meta, { type: "text", ariaAttributes: false })}
          {...control}
          key={meta.key}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
