import { describe, expect, it } from "vitest";
import {
  auditLabelFromChanges,
  describeAuditChanges,
  fieldLabel,
  formatAuditValue,
} from "./audit-changes";

describe("audit changes", () => {
  it("lists only the fields that changed, as text", () => {
    const view = describeAuditChanges({
      before: { id: "c1", code: "FEST20", discountValue: 20, usageLimit: null, usedCount: 3 },
      after: { code: "FEST20", discountValue: 25, usageLimit: 5 },
    });
    expect(view).toEqual({
      kind: "diff",
      rows: [
        { field: "discountValue", before: "20", after: "25" },
        { field: "usageLimit", before: "(empty)", after: "5" },
      ],
      context: {},
    });
  });

  it("compares lists and objects by value and keeps other keys as context", () => {
    const view = describeAuditChanges({
      before: { domains: ["gmail.com"], links: { facebook: "https://a.example" } },
      after: { domains: ["gmail.com", "zoho.com"], links: { facebook: "https://a.example" } },
      productId: "p1",
    });
    expect(view).toMatchObject({
      kind: "diff",
      rows: [{ field: "domains", before: "gmail.com", after: "gmail.com, zoho.com" }],
      context: { productId: "p1" },
    });
  });

  it("treats objects with the same keys in another order as unchanged", () => {
    const view = describeAuditChanges({
      before: { links: { youtube: "https://y.example", facebook: "https://f.example" } },
      after: { links: { facebook: "https://f.example", youtube: "https://y.example" } },
    });
    expect(view).toEqual({ kind: "diff", rows: [], context: {} });
  });

  it("shows a deletion's record and anything else as recorded", () => {
    expect(describeAuditChanges({ before: { code: "OLD" } })).toEqual({
      kind: "snapshot",
      label: "Deleted record",
      values: { code: "OLD" },
    });
    expect(describeAuditChanges({ code: "NEW" })).toEqual({
      kind: "snapshot",
      label: "Recorded values",
      values: { code: "NEW" },
    });
    expect(describeAuditChanges(null)).toEqual({ kind: "none" });
    expect(describeAuditChanges({})).toEqual({ kind: "none" });
  });

  it("labels fields and values for people", () => {
    expect(fieldLabel("lowStockThreshold")).toBe("Low stock threshold");
    expect(fieldLabel("is_approved")).toBe("Is approved");
    expect(fieldLabel("codMaxOrderValue")).toBe("Cash on delivery limit");
    expect(fieldLabel("codExcludedPinPrefixes")).toBe("PIN codes without cash on delivery");
    expect(formatAuditValue(true)).toBe("true");
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    expect(formatAuditValue("")).toBe("(empty)");
  });
});

describe("auditLabelFromChanges", () => {
  it("takes a coupon's code and a product's name after the change, else before it, else as created", () => {
    expect(auditLabelFromChanges("coupon", { code: "FEST20", discountValue: 20 })).toBe("FEST20");
    expect(
      auditLabelFromChanges("product", {
        before: { name: "Triphala Churna" },
        after: { name: "Triphala Churna 100 g" },
      }),
    ).toBe("Triphala Churna 100 g");
    expect(auditLabelFromChanges("product", { before: { name: "Deleted Kalpa" } })).toBe(
      "Deleted Kalpa",
    );
    expect(auditLabelFromChanges("category", { name: "Joint Care" })).toBe("Joint Care");
    expect(auditLabelFromChanges("order", { orderNumber: "ORD-1", before: {}, after: {} })).toBe(
      "ORD-1",
    );
  });

  it("says nothing when the entry does not name it, or for kinds without a label", () => {
    expect(auditLabelFromChanges("product", { primaryImage: { before: "a", after: "b" } })).toBe(
      null,
    );
    expect(auditLabelFromChanges("product", { name: "  " })).toBe(null);
    expect(auditLabelFromChanges("coupon", null)).toBe(null);
    expect(auditLabelFromChanges("settings", { name: "Satara Ayurveda" })).toBe(null);
  });
});
