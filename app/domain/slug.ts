/**
 * docs/SPEC.md §5: an empty slug is made from the name: lower case, whitespace runs to hyphens. Accents
 * are dropped and anything but a-z, 0-9 and hyphens is removed, so the slug is safe in a URL as
 * it is; repeated and edge hyphens are collapsed.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const MAX_SLUG_LENGTH = 160;
