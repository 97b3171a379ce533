import type { ClipboardEvent, FormEvent } from "react";
import { type FieldMeta, InputField } from "~/components/forms";
import { phoneDigits } from "~/domain/phone-digits";

/**
 * The spec's phone inputs (docs/SPEC.md §5: digits only, at most 10). Without JavaScript the
 * input takes any spelling of a number, which the server reads as these handlers do
 * (docs/decisions/066); so its `maxLength` leaves room for "+91 98500 11223".
 */
const PHONE_INPUT = {
  type: "tel",
  inputMode: "numeric",
  autoComplete: "tel-national",
  maxLength: 20,
  onChange: keepPhoneDigits,
  onPaste: pastePhoneDigits,
} as const;

function keepPhoneDigits(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = phoneDigits(input.value);
  if (digits !== input.value) input.value = digits;
}

/**
 * A paste is read whole, before `maxLength` would cut it ("Mobile: +91 98500 11223" cut to 20
 * characters reads as another number), together with what it lands beside.
 */
function pastePhoneDigits(event: ClipboardEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const pasted = event.clipboardData.getData("text/plain");
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  event.preventDefault();
  input.value = phoneDigits(input.value.slice(0, start) + pasted + input.value.slice(end));
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The profile's, a saved address's and the checkout's phone (the checkout shows no placeholder). */
export function PhoneField({
  meta,
  label = "Phone",
  placeholder = "10-digit mobile number",
  disabled,
}: {
  meta: FieldMeta;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <InputField
      meta={meta}
      label={label}
      {...PHONE_INPUT}
      placeholder={placeholder || undefined}
      disabled={disabled}
    />
  );
}
