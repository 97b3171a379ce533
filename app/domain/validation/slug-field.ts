import type { z } from "zod";
import { MAX_SLUG_LENGTH, slugify } from "../slug";

/**
 * The slug a product or category form saves: the one typed, or one made from the name, cleaned
 * for URLs. Reports a problem on the slug field and returns null when none can be made.
 */
export function slugFrom(input: { slug?: string; name: string }, ctx: z.RefinementCtx) {
  const slug = slugify(input.slug || input.name);
  const problem = !slug
    ? "Slug must contain letters or digits (a-z, 0-9)"
    : slug.length > MAX_SLUG_LENGTH
      ? `Slug must be at most ${MAX_SLUG_LENGTH} characters`
      : null;
  if (problem) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: problem });
    return null;
  }
  return slug;
}
