import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { categoryFormSchema, MAX_SORT_ORDER } from "~/domain/validation/category";

export type EditableCategory = {
  id: string;
  name: string;
  slug: string;
  description: string;
  sortOrder: number;
};

/**
 * Add or edit a category (DESIGN §6.14), checked in the browser and again by the action with the
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
        <Field label="Category Name" id={fields.name.id} errors={fields.name.errors?.slice(0, 1)}>
          {(control) => (
            <Input
              {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
              {...control}
              key={fields.name.key}
            />
          )}
        </Field>
        <Field
          label="Slug"
          id={fields.slug.id}
          errors={fields.slug.errors?.slice(0, 1)}
          description="Leave empty to make it from the name."
        >
          {(control) => (
            <Input
              {...getInputProps(fields.slug, { type: "text", ariaAttributes: false })}
              {...control}
              key={fields.slug.key}
              placeholder="made-from-the-name"
            />
          )}
        </Field>
        <Field
          label="Description"
          id={fields.description.id}
          errors={fields.description.errors?.slice(0, 1)}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...getTextareaProps(fields.description, { ariaAttributes: false })}
              {...control}
              rows={3}
              className="min-h-0"
              key={fields.description.key}
            />
          )}
        </Field>
        <Field
          label="Sort Order"
          id={fields.sortOrder.id}
          errors={fields.sortOrder.errors?.slice(0, 1)}
          description="Lower numbers come first in the shop; equal numbers go by name."
        >
          {(control) => (
            <Input
              {...getInputProps(fields.sortOrder, { type: "number", ariaAttributes: false })}
              {...control}
              min={0}
              max={MAX_SORT_ORDER}
              step={1}
              inputMode="numeric"
              placeholder="0"
              key={fields.sortOrder.key}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : category ? "Update Category" : "Add Category"}
        </Button>
      </div>
    </Form>
  );
}
