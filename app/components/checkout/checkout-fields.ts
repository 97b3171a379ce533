import type { FieldMeta } from "~/components/forms";

/** What the checkout action answers about a refused form (Conform's `submission.reply()`). */
export type CheckoutReply = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

const FIELD_NAMES = [
  "fullName",
  "phone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "paymentMethod",
  "shippingMethod",
] as const;

export type CheckoutFieldName = (typeof FIELD_NAMES)[number];

/**
 * The checkout form's fields as Conform would name them (`<formId>-<name>`), with what was sent
 * back after a refused order in place of the defaults and the server's errors. The checkout has
 * no checks in the browser, so it needs no more of Conform than this.
 */
export function checkoutFields(
  formId: string,
  defaults: Partial<Record<CheckoutFieldName, string>>,
  reply: CheckoutReply | null | undefined,
): Record<CheckoutFieldName, FieldMeta> {
  const sent = reply?.initialValue ?? null;
  const entries = FIELD_NAMES.map((name) => {
    const errors = reply?.error?.[name] ?? undefined;
    const field: FieldMeta = {
      id: `${formId}-${name}`,
      name,
      initialValue: sent ? sent[name] : defaults[name],
      errors: errors && errors.length > 0 ? errors : undefined,
    };
    return [name, field] as const;
  });
  return Object.fromEntries(entries) as Record<CheckoutFieldName, FieldMeta>;
}

/** The first of the form's controls the server refused, to take the focus as Conform's did. */
export function firstRefusedControl(
  form: HTMLFormElement,
  reply: CheckoutReply | null | undefined,
): HTMLElement | null {
  if (reply?.status !== "error") return null;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute("name");
    if (name && reply.error?.[name]?.length && element instanceof HTMLElement) return element;
  }
  return null;
}
