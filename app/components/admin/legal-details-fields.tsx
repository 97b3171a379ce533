import { Link } from "react-router";
import { type FieldMeta, InputField } from "~/components/forms";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import {
  DEFAULT_COUNTRY_OF_ORIGIN,
  MAX_NET_QUANTITY_LENGTH,
  parseNetQuantity,
} from "~/domain/legal-metrology";
import {
  MAX_COUNTRY_LENGTH,
  MAX_MANUFACTURER_ADDRESS_LENGTH,
  MAX_MANUFACTURER_NAME_LENGTH,
} from "~/domain/validation/legal-details";

/** What an empty legal field stands for: the shop at its address (docs/decisions/073). */
export type LegalDefaults = { manufacturerName: string; manufacturerAddress: string };

/** "Legal details missing: net quantity, best before (500 ml)": what a product's page cannot declare. */
export function LegalGapsFlag({ gaps, className }: { gaps: string | null; className?: string }) {
  if (!gaps) return null;
  return (
    <span
      className={className ?? "text-destructive text-xs"}
    >{`Legal details missing: ${gaps}`}</span>
  );
}

/** The seller's details every product page needs that the settings lack, with the way to them. */
export function ShopLegalGaps({ gaps }: { gaps: string[] }) {
  if (!gaps.length) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-destructive px-4 py-3 text-destructive text-sm"
    >
      {`Legal details missing on every product page: ${gaps.join(", ")}. `}
      <Link to="/admin/settings" className="font-medium underline underline-offset-4">
        Fill them in on Settings
      </Link>
    </p>
  );
}

/** A size's net quantity field: empty reads it from the size's name, which the placeholder shows. */
export function NetQuantityField({
  meta,
  sizeLabel,
  label = "Net quantity",
}: {
  meta: FieldMeta;
  sizeLabel: string;
  label?: string;
}) {
  return (
    <InputField
      meta={meta}
      label={label}
      placeholder={parseNetQuantity(sizeLabel)?.text ?? "e.g. 60 tablets"}
      maxLength={MAX_NET_QUANTITY_LENGTH}
    />
  );
}

/**
 * The product form's legal details: who made it and where, and whether it carries a Schedule
 * E(1) ingredient. Each empty field takes the default its placeholder shows, so a product added
 * with the spec's fields alone is declared as the shop's own, made in India.
 */
export function LegalDetailsFields({
  fields,
  defaults,
  gaps,
  onlySize,
}: {
  fields: {
    manufacturerName: FieldMeta;
    manufacturerAddress: FieldMeta;
    countryOfOrigin: FieldMeta;
    medicalSupervision: FieldMeta;
  };
  defaults: LegalDefaults;
  gaps: string | null;
  /** A one-size product's net quantity field, beside its size's stored name. */
  onlySize: { netQuantity: FieldMeta; label: string } | null;
}) {
  return (
    <>
      <p className="text-muted-foreground text-sm sm:col-span-2">
        Shown on the product page as the law requires. Leave a field empty for what it shows in
        grey; the MRP, unit price and best-before come from the sizes and their batches.
        {gaps ? (
          <>
            {" "}
            <LegalGapsFlag gaps={gaps} className="font-medium text-destructive" />
          </>
        ) : null}
      </p>
      {onlySize ? (
        <NetQuantityField meta={onlySize.netQuantity} sizeLabel={onlySize.label} />
      ) : null}
      <InputField
        meta={fields.countryOfOrigin}
        label="Country of origin"
        placeholder={DEFAULT_COUNTRY_OF_ORIGIN}
        maxLength={MAX_COUNTRY_LENGTH}
      />
      <InputField
        meta={fields.manufacturerName}
        label="Manufacturer or packer"
        placeholder={defaults.manufacturerName}
        maxLength={MAX_MANUFACTURER_NAME_LENGTH}
      />
      <InputField
        meta={fields.manufacturerAddress}
        label="Manufacturer's address"
        placeholder={defaults.manufacturerAddress}
        maxLength={MAX_MANUFACTURER_ADDRESS_LENGTH}
      />
      <div className="flex items-center gap-2 sm:col-span-2">
        <Checkbox
          id={fields.medicalSupervision.id}
          name={fields.medicalSupervision.name}
          defaultChecked={fields.medicalSupervision.initialValue === "on"}
          key={fields.medicalSupervision.key}
        />
        <Label htmlFor={fields.medicalSupervision.id}>
          Contains a Schedule E(1) ingredient: to be taken under medical supervision
        </Label>
      </div>
    </>
  );
}
