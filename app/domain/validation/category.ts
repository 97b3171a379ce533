import { z } from "../zod";
import { slugFrom } from "./slug-field";
import { multiLineText, singleLineName, singleLineText } from "./text";

export const MAX_SORT_ORDER = 9999;

/**
 * docs/DESIGN.md §6.14 admin category form: name, slug (made from the name when empty, like products),
 * description and the sort order the storefront lists categories by.
 */
export const categoryFormSchema = z
  .object({
    name: singleLineName({ error: "Category name is required" })
      .min(1, { error: "Category name is required", abort: true })
      .min(2, { error: "Category name must be at least 2 characters", abort: true })
      .max(100, { error: "Category name must be at most 100 characters" }),
    slug: singleLineText().trim().optional(),
    description: multiLineText()
      .trim()
      .max(500, { error: "Description must be at most 500 characters" })
      .optional()
      .transform((text) => text ?? ""),
    sortOrder: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return 0;
        const value = Number(text);
        if (!/^\d+$/.test(text) || value > MAX_SORT_ORDER) {
          ctx.addIssue({
            code: "custom",
            message: `Sort order must be a whole number from 0 to ${MAX_SORT_ORDER}`,
          });
          return z.NEVER;
        }
        return value;
      }),
  })
  .transform((input, ctx) => {
    const slug = slugFrom(input, ctx);
    if (slug === null) return z.NEVER;
    return { ...input, slug };
  });

export type CategoryFormValues = z.infer<typeof categoryFormSchema>;
