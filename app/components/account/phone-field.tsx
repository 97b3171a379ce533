import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/forms";
import { phoneDigits } from "~/domain/validation/address-format";

/** docs/SPEC.md §5: the phone field keeps digits only, at most 10, as the customer types or pastes. */
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
    <InputField
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
