import { useState } from "react";
import { type FieldMeta, InputField } from "~/components/forms";
import { formatMobile, mobileE164, readMobileNumber } from "~/domain/mobile-number";

/**
 * The number a sign-in code goes to, kept as it is written or pasted: "+91 98500 11223",
 * "+91-98500-11223", "098500 11223" and "9850011223" are one number, which the server reads
 * (`mobileNumberField`, docs/decisions/066). Once the input reads as an Indian mobile number, the
 * line under it says, politely announced, where the code will go.
 */
export function MobileNumberField({
  meta,
  label,
  disabled,
}: {
  meta: FieldMeta;
  label: string;
  disabled?: boolean;
}) {
  const [number, setNumber] = useState(() =>
    typeof meta.initialValue === "string" ? readMobileNumber(meta.initialValue) : null,
  );
  return (
    <div className="grid gap-1.5">
      <InputField
        meta={meta}
        label={label}
        description="Your 10-digit mobile number, with or without +91 or 0 in front."
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        // Room for any spelling of the ten digits, spaces and prefixes included.
        maxLength={24}
        disabled={disabled}
        onChange={(event) => setNumber(readMobileNumber(event.currentTarget.value))}
      />
      <p aria-live="polite" className="text-sm">
        {number ? `Code will be sent to ${formatMobile(mobileE164(number))}` : null}
      </p>
    </div>
  );
}
