import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { fieldLabel } from "~/domain/audit-changes";
import { SOCIAL_NETWORKS, settingsFormSchema } from "~/domain/validation/settings";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { toastHeaders } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getSettings(db());
  return {
    settings: {
      shopName: settings.shopName,
      phone: settings.phone,
      email: settings.email,
      addressLine1: settings.addressLine1,
      addressLine2: settings.addressLine2 ?? "",
      city: settings.city,
      state: settings.state,
      postalCode: settings.postalCode,
      facebook: settings.socialLinks.facebook ?? "",
      instagram: settings.socialLinks.instagram ?? "",
      twitter: settings.socialLinks.twitter ?? "",
      youtube: settings.socialLinks.youtube ?? "",
      gstin: settings.gstin,
      lowStockThreshold: String(settings.lowStockThreshold),
      allowedEmailDomains: settings.allowedEmailDomains.join("\n"),
    },
    savedAt: settings.updatedAt.getTime(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: settingsFormSchema });
  if (submission.status !== "success") {
    const headers = await toastHeaders({
      type: "error",
      title: "Error",
      description: "Please correct the highlighted fields",
    });
    return data({ ok: false, result: submission.reply() }, { status: 400, headers });
  }
  const changed = await updateSettings(db(), admin.id, submission.value);
  const headers = await toastHeaders({
    type: "success",
    title: "Settings saved",
    description: changed.length
      ? `Changed: ${changed.map((field) => fieldLabel(field).toLowerCase()).join(", ")}`
      : "Nothing had changed",
  });
  return data({ ok: true, result: submission.reply() }, { headers });
}

type TextMeta = FieldMetadata<string | null | undefined>;

function TextField({
  meta,
  label,
  type = "text",
  description,
  className,
  ...props
}: {
  meta: TextMeta;
  label: string;
  type?: "text" | "email" | "tel" | "url";
  description?: string;
  className?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
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

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display font-semibold text-lg">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, savedAt } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    // A new id after each save starts the form again from the saved values.
    id: `settings-${savedAt}`,
    lastResult: actionData?.ok === false ? actionData.result : null,
    defaultValue: settings,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });
  const domains = fields.allowedEmailDomains;
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="font-display text-3xl">Settings</h1>
        <p className="text-muted-foreground">
          The shop's details shown on every page, and the rules the shop works by
        </p>
      </header>
      <Form method="post" {...getFormProps(form)} className="grid max-w-4xl gap-6">
        <Section
          title="Shop Details"
          description="Shown in the header, the footer, the contact page and on invoices."
        >
          <TextField meta={fields.shopName} label="Shop Name" autoComplete="organization" />
          <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <TextField
            meta={fields.gstin}
            label="GSTIN"
            description="15 characters, e.g. 27AAPFU0939F1ZV. Leave empty if not registered."
            placeholder="27AAPFU0939F1ZV"
          />
        </Section>
        <Section title="Address" description="The shop's address in Satara.">
          <TextField
            meta={fields.addressLine1}
            label="Address Line 1"
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <TextField
            meta={fields.addressLine2}
            label="Address Line 2 (optional)"
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <TextField meta={fields.city} label="City" autoComplete="address-level2" />
          <TextField meta={fields.state} label="State" autoComplete="address-level1" />
          <TextField
            meta={fields.postalCode}
            label="Postal Code"
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </Section>
        <Section
          title="Social Links"
          description="Full addresses starting with https://; leave a field empty to hide its icon."
        >
          {SOCIAL_NETWORKS.map(({ key, label }) => (
            <TextField key={key} meta={fields[key]} label={label} type="url" />
          ))}
        </Section>
        <Section title="Store Rules" description="Stock alerts and who may create an account.">
          <TextField
            meta={fields.lowStockThreshold}
            label="Low-Stock Threshold"
            inputMode="numeric"
            description="Products with this many or fewer in stock are flagged on the dashboard and product pages."
          />
          <Field
            label="Allowed Sign-Up Email Providers"
            id={domains.id}
            errors={domains.errors}
            description="One domain per line, such as gmail.com. At least one is needed."
            className="sm:col-span-2"
          >
            {(control) => (
              <Textarea
                {...getTextareaProps(domains, { ariaAttributes: false })}
                {...control}
                key={domains.key}
                rows={10}
                spellCheck={false}
                className="font-mono"
              />
            )}
          </Field>
        </Section>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
