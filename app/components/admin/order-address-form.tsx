import { getFormProps, useForm } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { invoicedStateNote } from "~/domain/invoiced-address";
import type { PostalAddress } from "~/domain/postal-address";
import type { OrderActionData } from "./order-action-data";

const FIELDS: {
  name: keyof PostalAddress;
  label: string;
  autoComplete: string;
  inputMode?: "tel";
}[] = [
  { name: "fullName", label: "Full Name", autoComplete: "off" },
  { name: "phone", label: "Phone", autoComplete: "off", inputMode: "tel" },
  { name: "addressLine1", label: "Address Line 1", autoComplete: "off" },
  { name: "addressLine2", label: "Address Line 2", autoComplete: "off" },
  { name: "city", label: "City", autoComplete: "off" },
  { name: "state", label: "State", autoComplete: "off" },
  { name: "postalCode", label: "Postal Code", autoComplete: "off" },
];

/**
 * "Update address" (docs/decisions/074): the order's shipping address, filled in, to correct after
 * the courier could not deliver. A disclosure and a plain form, so it works before JavaScript
 * loads; the server checks it with the checkout's rules and answers with the field's message.
 */
export function OrderAddressForm({
  orderId,
  address,
  invoiceNumber,
  action,
}: {
  orderId: string;
  address: PostalAddress;
  /** Its tax invoice, once issued: the state it names stays (invoiced-address.ts). */
  invoiceNumber: string | null;
  action: string;
}) {
  const fetcher = useFetcher<OrderActionData>();
  const lastResult = fetcher.data?.intent === "update-address" ? fetcher.data.result : undefined;
  const [form, fields] = useForm({ id: `address-${orderId}`, lastResult });
  const busy = fetcher.state !== "idle";
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">Update address</summary>
      <fetcher.Form
        method="post"
        action={action}
        {...getFormProps(form)}
        aria-label="Update address"
        noValidate
        className="grid gap-3 pt-3"
      >
        <input type="hidden" name="intent" value="update-address" />
        <input type="hidden" name="orderId" value={orderId} />
        {invoiceNumber ? (
          <p className="text-muted-foreground">{invoicedStateNote(invoiceNumber, address.state)}</p>
        ) : null}
        {FIELDS.map(({ name, label, autoComplete, inputMode }) => (
          <Field
            key={name}
            label={label}
            id={`address-${orderId}-${name}`}
            errors={fields[name]?.errors?.slice(0, 1)}
          >
            {(control) => (
              <Input
                {...control}
                name={name}
                defaultValue={address[name] ?? ""}
                autoComplete={autoComplete}
                inputMode={inputMode}
              />
            )}
          </Field>
        ))}
        <Button type="submit" size="sm" className="justify-self-start" disabled={busy}>
          {busy ? "Saving..." : "Save address"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
