import type { ComponentProps, Key, ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

/**
 * What a control needs from its field: Conform's field metadata has these, and a form without
 * Conform (checkout) builds them itself. Reading them here rather than through Conform's
 * `getInputProps` keeps Conform out of pages that do not use it (docs/decisions/029).
 */
export type FieldMeta = {
  id: string;
  name: string;
  formId?: string;
  initialValue?: unknown;
  errors?: string[];
  key?: Key | null;
};

/** The attributes Conform's `getInputProps` sets when it is given no constraints. */
function controlProps(meta: FieldMeta, { onlyText = false } = {}) {
  const { initialValue } = meta;
  const defaultValue =
    typeof initialValue === "string"
      ? initialValue
      : onlyText || initialValue == null
        ? undefined
        : String(initialValue);
  return { id: meta.id, name: meta.name, form: meta.formId, defaultValue };
}

/** What every field takes: the field, its label, and the help text under the label. */
type FieldBase = {
  meta: FieldMeta;
  label: string;
  description?: string;
  /** Classes of the label-control-error group (the control's own go in `controlClassName`). */
  className?: string;
  controlClassName?: string;
  /** Shown under the control instead of the field's first error. */
  errors?: string[];
};

/** The attributes Conform sets itself; everything else is the caller's. */
type ConformOwned = "id" | "name" | "form" | "defaultValue" | "value" | "className";

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date";

/** Splits a field's props into the label-control-error group's and the control's own. */
function splitProps<Rest>({
  meta,
  label,
  description,
  className,
  controlClassName,
  errors,
  ...rest
}: FieldBase & Rest) {
  const group = {
    label,
    id: meta.id,
    errors: errors ?? meta.errors?.slice(0, 1),
    description,
    className,
  };
  return { group, meta, controlClassName, rest };
}

/**
 * A labelled Conform input with its first error under it, `aria-invalid` and `aria-describedby`
 * set; any other input attribute passes on to the input.
 */
export function InputField({
  type = "text",
  ...props
}: FieldBase & { type?: InputType } & Omit<ComponentProps<"input">, ConformOwned | "type">) {
  const { group, meta, controlClassName, rest } = splitProps(props);
  return (
    <Field {...group}>
      {(control) => (
        <Input
          {...controlProps(meta, { onlyText: true })}
          type={type}
          {...control}
          {...rest}
          className={controlClassName}
          key={meta.key}
        />
      )}
    </Field>
  );
}

/** The same for a text area. */
export function TextareaField(props: FieldBase & Omit<ComponentProps<"textarea">, ConformOwned>) {
  const { group, meta, controlClassName, rest } = splitProps(props);
  return (
    <Field {...group}>
      {(control) => (
        <Textarea
          {...controlProps(meta)}
          {...control}
          {...rest}
          className={controlClassName}
          key={meta.key}
        />
      )}
    </Field>
  );
}

const selectClass =
  "h-10 w-full rounded-md border border-input bg-card px-3 text-sm aria-invalid:border-destructive";

/** The same for a select; `children` are its options. */
export function SelectField({ children, ...props }: FieldBase & { children: ReactNode }) {
  const { group, meta, controlClassName } = splitProps(props);
  return (
    <Field {...group}>
      {(control) => (
        <select
          {...controlProps(meta)}
          {...control}
          key={meta.key}
          className={cn(selectClass, controlClassName)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
