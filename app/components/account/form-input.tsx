import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

type ExtraInputProps = Omit<
  ComponentProps<"input">,
  "id" | "name" | "form" | "defaultValue" | "value" | "type"
>;

/** A labelled Conform input with its first error under it; any other input attribute passes on. */
export function FormInput({
  meta,
  label,
  type = "text",
  description,
  className,
  ...props
}: ExtraInputProps & {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  type?: "text" | "tel";
  description?: string;
}) {
  return (
    <Field
      label={label}
      id={meta.id}
      errors={meta.errors?.slice(0, 1)}
      description={description}
      className={className}
    >
      {(control) => (
        <Input
          {...getInputProps(meta, { type, ariaAttributes: false })}
          {...control}
          {...props}
          key={meta.key}
        />
      )}
    </Field>
  );
}
