import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Label } from "./label";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: string;
  /** Id of the control. The error list gets `${id}-error`, the description `${id}-description`. */
  id: string;
  errors?: string[];
  description?: string;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}

export function Field({ label, id, errors, description, className, children }: FieldProps) {
  const hasErrors = Boolean(errors && errors.length > 0);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy =
    [description ? descriptionId : null, hasErrors ? errorId : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {description ? (
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
      ) : null}
      {children({
        id,
        "aria-invalid": hasErrors ? true : undefined,
        "aria-describedby": describedBy,
      })}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export interface FieldErrorProps {
  /** Id of the error element itself, e.g. `${controlId}-error` (Conform's `field.errorId`). */
  id: string;
  errors?: string[];
  className?: string;
}

/** Error text for a control; renders nothing when there are no errors. */
export function FieldError({ id, errors, className }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  return (
    <div id={id} className={cn("text-destructive text-sm", className)}>
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5">
          {errors.map((error, i) => (
            <li key={i}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
