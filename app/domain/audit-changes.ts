import { formatRupees } from "./money";

/** How an audit entry's `changes` reads to a person (the audit log screen). */
export type AuditFieldChange = { field: string; before: string; after: string };
export type AuditFieldValue = { field: string; value: string };

export type AuditChangeView =
  | { kind: "diff"; rows: AuditFieldChange[]; context: AuditFieldValue[] }
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

/**
 * A value as a person would compare it: text with its line endings made one kind, white space
 * at the ends of its lines and of the whole dropped, and empty text, null and a missing value all
 * "nothing". A textarea posts CRLF and the database may hold LF, or null where the form says "".
 */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") {
    const text = value
      .replace(/\r\n?/g, "\n")
      .replace(/[^\S\n]+$/gm, "")
      .trim();
    return text === "" ? null : text;
  }
  if (Array.isArray(value)) return value.map(comparable);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, comparable(inner)]),
    );
  }
  return value;
}

/** Whether two recorded values differ in anything a person would call a change. */
export function auditValuesDiffer(before: unknown, after: unknown): boolean {
  return canonicalJson(comparable(before)) !== canonicalJson(comparable(after));
}

/** A stored value as short text: empty for nothing, lists joined, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.map((item) => formatAuditValue(item)).join(", ");
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/** Fields of each kind of entity that hold paise, shown as rupees. */
const MONEY_FIELDS: Record<string, readonly string[]> = {
  product: ["price", "discountPrice"],
  coupon: ["minOrderValue", "maxDiscount"],
  settings: ["codMaxOrderValue"],
};

/** Context fields that list the pictures a change added or removed, by id: shown as a count. */
const IMAGE_LIST_FIELDS = new Set(["addedImages", "removedImages"]);

/**
 * One field's value as the owner reads it: paise as rupees (a coupon's discount value is paise
 * for a fixed discount and a percentage otherwise, as `record`, the side it belongs to, says).
 */
export function formatAuditField(
  entity: string,
  field: string,
  value: unknown,
  record: Record<string, unknown> = {},
): string {
  if (typeof value === "number") {
    if (MONEY_FIELDS[entity]?.includes(field)) return formatRupees(value);
    if (entity === "coupon" && field === "discountValue") {
      if (record.discountType === "fixed") return formatRupees(value);
      if (record.discountType === "percentage") return `${value}%`;
    }
  }
  if (IMAGE_LIST_FIELDS.has(field) && Array.isArray(value)) {
    return `${value.length} ${value.length === 1 ? "image" : "images"}`;
  }
  return formatAuditValue(value);
}

/** Fields whose name, spelt out, would not say what they are to the shop's owner. */
const FIELD_LABELS: Record<string, string> = {
  codMaxOrderValue: "Cash on delivery limit",
  codExcludedPinPrefixes: "PIN codes without cash on delivery",
  minShelfLifeDays: "Minimum shelf life (days)",
  manufacturingLicence: "Manufacturing licence number",
  packageLengthCm: "Package length (cm)",
  packageBreadthCm: "Package breadth (cm)",
  packageHeightCm: "Package height (cm)",
  shippingFeesFrom: "Shipping fees",
  shopHolidays: "Holidays",
  grievanceOfficerName: "Grievance officer's name",
  grievanceOfficerDesignation: "Grievance officer's designation",
  grievanceOfficerEmail: "Grievance officer's e-mail",
  grievanceOfficerPhone: "Grievance officer's contact number",
  manufacturerName: "Manufacturer or packer",
  manufacturerAddress: "Manufacturer's address",
  medicalSupervision: "Schedule E(1) caution",
};

/** Words of field names that are abbreviations, written in capitals wherever a label shows them. */
const ABBREVIATIONS = new Set(["gst", "gstin", "hsn", "id", "pin", "url"]);

/**
 * The label of a field named in code, for the audit log and the settings' save toast:
 * "lowStockThreshold" -> "Low stock threshold", "gstin" -> "GSTIN", "hsnCode" -> "HSN code".
 */
export function fieldLabel(field: string): string {
  const named = FIELD_LABELS[field];
  if (named) return named;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .split(" ")
    .map((word) => (ABBREVIATIONS.has(word) ? word.toUpperCase() : word))
    .join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isNothing = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length);

/**
 * `{ before, after }` becomes the fields whose value changed (only fields present in `after`, so a
 * full "before" row compared with the submitted form lists what the form changed; text compared
 * as `auditValuesDiffer` does); `{ before }` alone is what was deleted; anything else is shown as
 * it was recorded. Values read as the owner reads them (`formatAuditField`); a context value that
 * says nothing (an empty list of added images) is left out.
 */
export function describeAuditChanges(changes: unknown, entity = ""): AuditChangeView {
  if (!isRecord(changes) || Object.keys(changes).length === 0) return { kind: "none" };
  const { before, after, ...context } = changes;
  if (isRecord(before) && isRecord(after)) {
    const afterRecord = { ...before, ...after };
    const rows = Object.keys(after)
      .filter((field) => auditValuesDiffer(before[field], after[field]))
      .map((field) => ({
        field,
        before: formatAuditField(entity, field, before[field], before),
        after: formatAuditField(entity, field, after[field], afterRecord),
      }));
    const shown = Object.entries(context)
      .filter(([, value]) => !isNothing(value))
      .map(([field, value]) => ({ field, value: formatAuditField(entity, field, value, context) }));
    return { kind: "diff", rows, context: shown };
  }
  if (isRecord(before) && after === undefined) {
    return {
      kind: "snapshot",
      label: "Deleted record",
      values: readableValues(entity, { ...before, ...context }),
    };
  }
  return { kind: "snapshot", label: "Recorded values", values: readableValues(entity, changes) };
}

/** A recorded snapshot with its money in rupees and its empty picture lists left out. */
function readableValues(entity: string, values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([field, value]) => !(IMAGE_LIST_FIELDS.has(field) && isNothing(value)))
      .map(([field, value]) => {
        const text = formatAuditField(entity, field, value, values);
        return [field, typeof value === "number" && text !== String(value) ? text : value];
      }),
  );
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
