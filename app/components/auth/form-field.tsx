import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** A labelled Conform input with its first error under it. */
export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  disabled,
  placeholder,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const errors = meta.errors?.slice(0, 1);
  return (
    <Field label={label} id={meta.id} errors={errors}>
      {(control) => (
        <Input
          {...getInputProps(meta, { type, ariaAttributes: false })}
          {...control}
          key={meta.key}
          autoComplete={autoComplete}
          disabled={disabled}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}
