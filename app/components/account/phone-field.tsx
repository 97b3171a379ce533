import type { FieldMetadata } from "@conform-to/react";
import { phoneDigits } from "~/domain/validation/address";
import { FormInput } from "./form-input";

/** SPEC §5: the phone field keeps digits only, at most 10, as the customer types or pastes. */
export function PhoneField({
  meta,
  label = "Phone",
  disabled,
  description,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label?: string;
  disabled?: boolean;
  description?: string;
}) {
  return (
    <FormInput
      meta={meta}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      placeholder="10-digit mobile number"
      description={description}
      disabled={disabled}
      onChange={(event) => {
        const digits = phoneDigits(event.currentTarget.value);
        if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
      }}
    />
  );
}
