/** How an audit entry's `changes` reads to a person (the audit log screen). */
export type AuditFieldChange = { field: string; before: string; after: string };

export type AuditChangeView =
  | { kind: "diff"; rows: AuditFieldChange[]; context: Record<string, unknown> }
  | { kind: "snapshot"; label: string; values: Record<string, unknown> }
  | { kind: "none" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so equal values compare equal whatever order stored them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}

/** A stored value as short text: empty for nothing, lists joined, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.map((item) => formatAuditValue(item)).join(", ");
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/** Fields whose name, spelt out, would not say what they are to the shop's owner. */
const FIELD_LABELS: Record<string, string> = {
  codMaxOrderValue: "Cash on delivery limit",
  codExcludedPinPrefixes: "PIN codes without cash on delivery",
};

/** "lowStockThreshold" -> "Low stock threshold" */
export function fieldLabel(field: string): string {
  const named = FIELD_LABELS[field];
  if (named) return named;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `{ before, after }` becomes the fields whose value changed (only fields present in `after`, so a
 * full "before" row compared with the submitted form lists what the form changed); `{ before }`
 * alone is what was deleted; anything else is shown as it was recorded.
 */
export function describeAuditChanges(changes: unknown): AuditChangeView {
  if (!isRecord(changes) || Object.keys(changes).length === 0) return { kind: "none" };
  const { before, after, ...context } = changes;
  if (isRecord(before) && isRecord(after)) {
    const rows = Object.keys(after)
      .filter((field) => canonicalJson(before[field]) !== canonicalJson(after[field]))
      .map((field) => ({
        field,
        before: formatAuditValue(before[field]),
        after: formatAuditValue(after[field]),
      }));
    return { kind: "diff", rows, context };
  }
  if (isRecord(before) && after === undefined) {
    return { kind: "snapshot", label: "Deleted record", values: { ...before, ...context } };
  }
  return { kind: "snapshot", label: "Recorded values", values: changes };
}

/** The field that names each kind of entity in the audit log: a coupon's code, a product's name. */
export const AUDIT_LABEL_FIELDS: Record<string, string> = {
  coupon: "code",
  product: "name",
  category: "name",
  order: "orderNumber",
};

/**
 * The entity's name (or code, or number) as an entry's own `changes` record it: after a change,
 * else before it, else at the top level (a created record). Null when the entry does not say.
 */
export function auditLabelFromChanges(entity: string, changes: unknown): string | null {
  const field = AUDIT_LABEL_FIELDS[entity];
  if (!field || !isRecord(changes)) return null;
  for (const source of [changes.after, changes.before, changes]) {
    const value = isRecord(source) ? source[field] : undefined;
    if (typeof value === "string" && value.trim()) return value;
  }
  return null;
}
