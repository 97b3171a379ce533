import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import { InputField, SelectField, TextareaField } from "~/components/forms";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from "~/domain/product-status";
import {
  DEFAULT_HSN_CODE,
  GST_RATES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIZE_TEXT,
  MAX_IMAGES_PER_UPLOAD,
  productFormSchema,
} from "~/domain/validation/product";
import { EditorFormActions } from "./editor-form-actions";
import { type LegalDefaults, LegalDetailsFields } from "./legal-details-fields";
import {
  GALLERY_FETCHER_KEY,
  type GalleryImage,
  ProductGalleryEditor,
} from "./product-gallery-editor";
import {
  MoreSizes,
  RUPEES_INPUT,
  type SizeRowProduct,
  SizeRows,
  sizeRowDefaults,
  UNITS_INPUT,
} from "./product-sizes-fields";

export type ProductFormProduct = {
  id: string;
  name: string;
  slug: string;
  description: string;
  detailedDescription: string;
  categoryId: string | null;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
  ingredients: string;
  benefits: string;
  dosageInstructions: string;
  ayurvedicProperties: string;
  certifications: string[];
  isFeatured: boolean;
  status: ProductStatus;
  hsnCode: string;
  gstRate: number;
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  countryOfOrigin: string | null;
  medicalSupervision: boolean;
  /** What its page cannot declare by law (docs/decisions/073); null when nothing. */
  legalGaps?: string | null;
  images: GalleryImage[];
  /** Every size, archived ones too, in the owner's order (docs/decisions/056). */
  sizes?: SizeRowProduct[];
};

const rupees = (paise: number | null) => (paise === null ? "" : (paise / 100).toFixed(2));

/** The sizes' fields as the form starts: the only size's extras, or a row per size and an empty one. */
function sizeDefaults(sizes: SizeRowProduct[]) {
  if (sizes.length > 1) {
    return { sizes: [...sizes.map(sizeRowDefaults), { position: String(sizes.length + 1) }] };
  }
  const only = sizes[0];
  return only
    ? {
        label: only.label,
        sku: only.sku,
        weightGrams: only.weightGrams === null ? "" : String(only.weightGrams),
        netQuantity: only.netQuantity ?? "",
      }
    : {};
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-muted-foreground text-sm uppercase tracking-wide">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/** Size and count checks in the browser, before a large upload is sent only to be refused. */
function uploadProblem(files: FileList | null) {
  if (!files) return null;
  if (files.length > MAX_IMAGES_PER_UPLOAD) {
    return `Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time`;
  }
  const large = [...files].find((file) => file.size > MAX_IMAGE_BYTES);
  return large ? `${large.name} is larger than ${MAX_IMAGE_SIZE_TEXT}` : null;
}

/**
 * Add or edit a product (docs/SPEC.md §5): every field, rupees in the form and paise on the server,
 * checked in the browser and again by the action with the same schema. New pictures upload with
 * the save; a saved product's pictures are managed in place (ProductGalleryEditor). Without
 * JavaScript it is a plain multipart form post.
 */
export function ProductForm({
  product,
  categories,
  legalDefaults,
  lastResult,
  action,
  cancelHref,
  onCancel,
}: {
  product?: ProductFormProduct;
  categories: { id: string; name: string }[];
  legalDefaults: LegalDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  /** The URL the form posts to (keeps the list's search and page). */
  action: string;
  cancelHref: string;
  onCancel?: () => void;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" &&
    (navigation.formData?.get("intent") === "create" ||
      navigation.formData?.get("intent") === "update");
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: product ? `product-${product.id}` : "product-new",
    lastResult,
    defaultValue: product
      ? {
          name: product.name,
          slug: product.slug,
          description: product.description,
          detailedDescription: product.detailedDescription,
          categoryId: product.categoryId ?? "",
          price: rupees(product.price),
          discountPrice: rupees(product.discountPrice),
          stockQuantity: String(product.stockQuantity),
          ingredients: product.ingredients,
          benefits: product.benefits,
          dosageInstructions: product.dosageInstructions,
          ayurvedicProperties: product.ayurvedicProperties,
          certifications: product.certifications.join("\n"),
          isFeatured: product.isFeatured ? "on" : "",
          status: product.status,
          hsnCode: product.hsnCode,
          gstRate: String(product.gstRate),
          manufacturerName: product.manufacturerName ?? "",
          manufacturerAddress: product.manufacturerAddress ?? "",
          countryOfOrigin: product.countryOfOrigin ?? "",
          medicalSupervision: product.medicalSupervision ? "on" : "",
          ...sizeDefaults(product.sizes ?? []),
        }
      : { hsnCode: DEFAULT_HSN_CODE, gstRate: "5", status: "published" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });
  const galleryFormId = `${form.id}-gallery`;
  // A row per size once a product has more than one (archived ones too); else the spec's fields.
  const storedSizes = product?.sizes ?? [];
  const sizeRows = fields.sizes.getFieldList().map((row) => row.getFieldset());
  const gstValue = fields.gstRate.initialValue ?? "5";
  const gstOptions = (GST_RATES as readonly number[]).includes(Number(gstValue))
    ? GST_RATES
    : [...GST_RATES, Number(gstValue)];
  return (
    <div className="grid gap-6">
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        preventScrollReset
        {...getFormProps(form)}
        onSubmit={(event) => {
          if (fileProblem) {
            event.preventDefault();
            return;
          }
          form.onSubmit(event);
        }}
        className="grid gap-6"
      >
        <input type="hidden" name="intent" value={product ? "update" : "create"} />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-destructive text-sm">
            {form.errors[0]}
          </p>
        ) : null}
        {product ? <input type="hidden" name="id" value={product.id} /> : null}
        <Section title="Basics">
          <InputField meta={fields.name} label="Product Name" />
          <InputField
            meta={fields.slug}
            label="Slug"
            description="Part of the product's web address. Leave empty to make it from the name."
            placeholder="made-from-the-name"
          />
          <TextareaField
            meta={fields.description}
            label="Description"
            rows={2}
            className="sm:col-span-2"
            controlClassName="min-h-0"
          />
          <TextareaField
            meta={fields.detailedDescription}
            label="Detailed Description"
            rows={4}
            className="sm:col-span-2"
            controlClassName="min-h-0"
          />
          <SelectField meta={fields.categoryId} label="Category">
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            meta={fields.status}
            label="Visibility"
            description="Drafts and archived products are hidden from shoppers."
          >
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PRODUCT_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <div className="flex items-center gap-2 self-end pb-2">
            <Checkbox
              id={fields.isFeatured.id}
              name={fields.isFeatured.name}
              defaultChecked={fields.isFeatured.initialValue === "on"}
              key={fields.isFeatured.key}
            />
            <Label htmlFor={fields.isFeatured.id}>Featured product (shown on the home page)</Label>
          </div>
        </Section>
        <Section title="Price and stock">
          {sizeRows.length ? (
            <SizeRows rows={sizeRows} stored={storedSizes} />
          ) : (
            <>
              <InputField meta={fields.price} label="Price (₹)" {...RUPEES_INPUT} />
              <InputField
                meta={fields.discountPrice}
                label="Discount Price (₹)"
                description="Optional; below the price. Leave empty for no discount."
                {...RUPEES_INPUT}
              />
              <InputField meta={fields.stockQuantity} label="Stock Quantity" {...UNITS_INPUT} />
              <MoreSizes only={fields} added={fields.newSize.getFieldset()} />
            </>
          )}
          <div className="grid grid-cols-2 gap-4">
            <InputField meta={fields.hsnCode} label="HSN Code" inputMode="numeric" />
            <SelectField meta={fields.gstRate} label="GST Rate (%)">
              {gstOptions.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {rate}%
                </option>
              ))}
            </SelectField>
          </div>
        </Section>
        <Section title="Legal details">
          <LegalDetailsFields
            fields={fields}
            defaults={legalDefaults}
            gaps={product?.legalGaps ?? null}
            onlySize={
              sizeRows.length
                ? null
                : { netQuantity: fields.netQuantity, label: storedSizes[0]?.label ?? "" }
            }
          />
        </Section>
        <Section title="Ayurvedic details">
          <TextareaField
            meta={fields.ingredients}
            label="Ingredients"
            description="Separated by commas or new lines."
            rows={3}
            controlClassName="min-h-0"
          />
          <TextareaField
            meta={fields.benefits}
            label="Benefits"
            description="Short phrases separated by commas."
            rows={3}
            controlClassName="min-h-0"
          />
          <TextareaField
            meta={fields.dosageInstructions}
            label="Dosage Instructions"
            rows={3}
            controlClassName="min-h-0"
          />
          <TextareaField
            meta={fields.ayurvedicProperties}
            label="Ayurvedic Properties"
            rows={3}
            controlClassName="min-h-0"
          />
          <TextareaField
            meta={fields.certifications}
            label="Certifications"
            description="One per line, e.g. GMP Certified."
            className="sm:col-span-2"
            rows={3}
            controlClassName="min-h-0"
          />
        </Section>
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold text-muted-foreground text-sm uppercase tracking-wide">
            Images
          </legend>
          {product ? (
            <ProductGalleryEditor
              images={product.images}
              formId={galleryFormId}
              productName={product.name}
            />
          ) : null}
          <Field
            label="Add Images"
            id={`${form.id}-images`}
            errors={fileProblem ? [fileProblem] : form.allErrors.images}
            description={`JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF; up to ${MAX_IMAGES_PER_UPLOAD} files of ${MAX_IMAGE_SIZE_TEXT} each. They are added after the current images; the first becomes the primary image when there is none.`}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                name="images"
                multiple
                accept="image/*"
                onChange={(event) => setFileProblem(uploadProblem(event.currentTarget.files))}
                className="h-auto py-1.5"
              />
            )}
          </Field>
        </fieldset>
        <EditorFormActions
          onCancel={onCancel}
          cancelHref={cancelHref}
          saving={saving}
          submitLabel={product ? "Update Product" : "Add Product"}
        />
      </Form>
      {product ? (
        <GalleryActionsForm id={galleryFormId} action={action} productId={product.id} />
      ) : null}
    </div>
  );
}

/**
 * The form the gallery's buttons submit (through their `form` attribute): it lives outside the
 * product form, since forms cannot nest, and posts each change on its own.
 */
function GalleryActionsForm({
  id,
  action,
  productId,
}: {
  id: string;
  action: string;
  productId: string;
}) {
  return (
    <Form
      id={id}
      method="post"
      action={action}
      navigate={false}
      fetcherKey={GALLERY_FETCHER_KEY}
      hidden
    >
      <input type="hidden" name="intent" value="image" />
      <input type="hidden" name="productId" value={productId} />
    </Form>
  );
}
