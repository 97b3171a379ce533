import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { InputField, TextareaField } from "~/components/forms";
import { categoryFormSchema, MAX_SORT_ORDER } from "~/domain/validation/category";
import { EditorFormActions } from "./editor-form-actions";

export type EditableCategory = {
  id: string;
  name: string;
  slug: string;
  description: string;
  sortOrder: number;
};

/**
 * Add or edit a category (docs/DESIGN.md §6.14), checked in the browser and again by the action with the
 * same schema; without JavaScript it is a plain form post.
 */
export function CategoryForm({
  category,
  lastResult,
  action,
  cancelHref,
  onCancel,
}: {
  category?: EditableCategory;
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  cancelHref: string;
  onCancel?: () => void;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const saving = navigation.state !== "idle" && (intent === "create" || intent === "update");
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : "category-new",
    lastResult,
    defaultValue: category
      ? {
          name: category.name,
          slug: category.slug,
          description: category.description,
          sortOrder: String(category.sortOrder),
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFormSchema }),
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={category ? "update" : "create"} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField meta={fields.name} label="Category Name" />
        <InputField
          meta={fields.slug}
          label="Slug"
          description="Leave empty to make it from the name."
          placeholder="made-from-the-name"
        />
        <TextareaField
          meta={fields.description}
          label="Description"
          className="sm:col-span-2"
          controlClassName="min-h-0"
          rows={3}
        />
        <InputField
          meta={fields.sortOrder}
          label="Sort Order"
          description="Lower numbers come first in the shop; equal numbers go by name."
          type="number"
          min={0}
          max={MAX_SORT_ORDER}
          step={1}
          inputMode="numeric"
          placeholder="0"
        />
      </div>
      <EditorFormActions
        onCancel={onCancel}
        cancelHref={cancelHref}
        saving={saving}
        submitLabel={category ? "Update Category" : "Add Category"}
      />
    </Form>
  );
}
