import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { InputField, SelectField, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import {
  EXPRESS_SHIPPING_RUPEES,
  FREE_SHIPPING_ABOVE_RUPEES,
  rupees,
  STANDARD_SHIPPING_RUPEES,
} from "~/content/policy";
import { fieldLabel } from "~/domain/audit-changes";
import {
  type courierSettingsFormSchema,
  SHIPPING_FEE_SOURCE_OPTIONS,
  SOCIAL_NETWORKS,
  settingsSchemaFor,
} from "~/domain/validation/settings";
import { readForm } from "~/lib/form-data.server";
import { saveSettingsForm } from "~/lib/settings-save.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const settings = await getSettings(context.services.db);
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
      minShelfLifeDays: String(settings.minShelfLifeDays),
      manufacturingLicence: settings.manufacturingLicence,
      grievanceOfficerName: settings.grievanceOfficerName,
      grievanceOfficerDesignation: settings.grievanceOfficerDesignation,
      grievanceOfficerEmail: settings.grievanceOfficerEmail,
      grievanceOfficerPhone: settings.grievanceOfficerPhone,
      allowedEmailDomains: settings.allowedEmailDomains.join("\n"),
      codMaxOrderValue:
        settings.codMaxOrderValue === null ? "" : String(settings.codMaxOrderValue / 100),
      codExcludedPinPrefixes: settings.codExcludedPinPrefixes.join("\n"),
      packageLengthCm: String(settings.packageLengthCm),
      packageBreadthCm: String(settings.packageBreadthCm),
      packageHeightCm: String(settings.packageHeightCm),
      shippingFeesFrom: settings.shippingFeesFrom,
      shopHolidays: settings.shopHolidays.join("\n"),
    },
    // The box parcels are booked in, and the courier's rates, matter only while a courier books
    // them (decisions 060 and 064).
    courier: context.services.shipping.mode !== "off",
    savedAt: settings.updatedAt.getTime(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, {
    schema: settingsSchemaFor(context.services.shipping.mode !== "off"),
  });
  return saveSettingsForm(context.services.signer, submission, {
    title: "Settings saved",
    save: (value) => updateSettings(context.services.db, admin.id, value),
    label: fieldLabel,
  });
}

/** docs/decisions/064: what each choice of the checkout's shipping fees means to the customer. */
const SHIPPING_FEES_HELP = `The shop's own: Standard ${rupees(STANDARD_SHIPPING_RUPEES)}, free above ${rupees(FREE_SHIPPING_ABOVE_RUPEES)}; Express ${rupees(EXPRESS_SHIPPING_RUPEES)}. The courier's rates: what the courier charges for the customer's PIN code and the parcel's weight, rounded up to a whole rupee; Standard stays free above ${rupees(FREE_SHIPPING_ABOVE_RUPEES)}, and Express is the courier's faster service where it quotes one. When the courier cannot be reached, the shop's own fees apply.`;

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
  const { settings, courier, savedAt } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    // A new id after each save starts the form again from the saved values.
    id: `settings-${savedAt}`,
    lastResult: actionData?.ok === false ? actionData.result : null,
    defaultValue: settings,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      // Typed as the form with the box's fields; without a courier it has none and they are not read.
      parseWithZod(formData, {
        schema: settingsSchemaFor(courier) as typeof courierSettingsFormSchema,
      }),
  });
  const domains = fields.allowedEmailDomains;
  const pinPrefixes = fields.codExcludedPinPrefixes;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Settings"
        description="The shop's details shown on every page, and the rules the shop works by"
      />
      <Form method="post" {...getFormProps(form)} className="grid max-w-4xl gap-6">
        <Section
          title="Shop Details"
          description="Shown in the header, the footer, the contact page and on invoices."
        >
          <InputField meta={fields.shopName} label="Shop Name" autoComplete="organization" />
          <InputField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <InputField
            meta={fields.gstin}
            label="GSTIN"
            description="15 characters, e.g. 27AAPFU0939F1ZV. Leave empty if not registered."
            placeholder="27AAPFU0939F1ZV"
          />
          <InputField
            meta={fields.manufacturingLicence}
            label="Manufacturing licence number"
            description="The drug manufacturing licence printed on invoices. Leave empty if none."
          />
        </Section>
        <Section title="Address" description="The shop's address in Satara.">
          <InputField
            meta={fields.addressLine1}
            label="Address Line 1"
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <InputField
            meta={fields.addressLine2}
            label="Address Line 2 (optional)"
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <InputField meta={fields.city} label="City" autoComplete="address-level2" />
          <InputField meta={fields.state} label="State" autoComplete="address-level1" />
          <InputField
            meta={fields.postalCode}
            label="Postal Code"
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </Section>
        <Section
          title="Grievance Officer"
          description="Named on every product page with the seller's details, as the Consumer Protection (E-Commerce) Rules 2020 require: who customers may write to with a complaint. Give an e-mail or a phone, or both."
        >
          <InputField meta={fields.grievanceOfficerName} label="Grievance officer's name" />
          <InputField
            meta={fields.grievanceOfficerDesignation}
            label="Designation"
            placeholder="Grievance Officer"
          />
          <InputField
            meta={fields.grievanceOfficerEmail}
            label="Grievance officer's e-mail"
            type="email"
          />
          <InputField
            meta={fields.grievanceOfficerPhone}
            label="Grievance officer's contact number"
            type="tel"
          />
        </Section>
        <Section
          title="Social Links"
          description="Full addresses starting with https://; leave a field empty to hide its icon."
        >
          {SOCIAL_NETWORKS.map(({ key, label }) => (
            <InputField key={key} meta={fields[key]} label={label} type="url" />
          ))}
        </Section>
        <Section title="Store Rules" description="Stock alerts and who may create an account.">
          <InputField
            meta={fields.lowStockThreshold}
            label="Low-Stock Threshold"
            inputMode="numeric"
            description="Products with this many or fewer in stock are flagged on the dashboard and product pages."
          />
          <InputField
            meta={fields.minShelfLifeDays}
            label="Minimum shelf life (days)"
            inputMode="numeric"
            description="Batches expiring sooner than this many days from today are not sold. 0 sells every batch up to its expiry date."
          />
          <TextareaField
            meta={domains}
            label="Allowed Sign-Up Email Providers"
            errors={domains.errors}
            description="One domain per line, such as gmail.com. At least one is needed."
            className="sm:col-span-2"
            controlClassName="font-mono"
            rows={10}
            spellCheck={false}
          />
        </Section>
        <Section
          title="Cash on Delivery"
          description="Where and up to what order total customers may pay in cash when the order arrives. Card payment stays available."
        >
          <InputField
            meta={fields.codMaxOrderValue}
            label="Cash on Delivery Limit (₹)"
            inputMode="decimal"
            description="Orders above this total must be paid by card. Leave empty for no limit."
          />
          <TextareaField
            meta={pinPrefixes}
            label="PIN Codes Without Cash on Delivery"
            errors={pinPrefixes.errors}
            description="One per line: a whole PIN code such as 744101, or its first digits such as 79 for every PIN code starting with them."
            className="sm:col-span-2"
            controlClassName="font-mono"
            rows={5}
            spellCheck={false}
          />
        </Section>
        {courier ? (
          <Section
            title="Parcels"
            description="The box every parcel is booked with the courier in. The courier charges by its size as well as its weight."
          >
            <InputField
              meta={fields.packageLengthCm}
              label="Package length (cm)"
              inputMode="numeric"
            />
            <InputField
              meta={fields.packageBreadthCm}
              label="Package breadth (cm)"
              inputMode="numeric"
            />
            <InputField
              meta={fields.packageHeightCm}
              label="Package height (cm)"
              inputMode="numeric"
              description="Whole centimetres from 1 to 200."
            />
            <SelectField
              meta={fields.shippingFeesFrom}
              label="Shipping fees at checkout"
              description={SHIPPING_FEES_HELP}
              className="sm:col-span-2"
            >
              {SHIPPING_FEE_SOURCE_OPTIONS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <TextareaField
              meta={fields.shopHolidays}
              label="Holidays"
              errors={fields.shopHolidays.errors}
              description="Days besides Sundays when the shop neither packs nor delivers; delivery dates skip them. One per line: 2026-11-09 for that day only, 01-26 for that day every year."
              className="sm:col-span-2"
              controlClassName="font-mono"
              rows={5}
              spellCheck={false}
            />
          </Section>
        ) : null}
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
