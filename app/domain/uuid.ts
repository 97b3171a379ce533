/**
 * A UUID, as the database makes ids, in either case. A plain pattern rather than Zod's `z.uuid()`
 * for checks a page's own script imports: Zod would add about 24 KB (gzip) to its first load.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string) {
  return UUID.test(text);
}
