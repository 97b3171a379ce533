import { describe, expect, it } from "vitest";
import {
  auditLabelFromChanges,
  auditValuesDiffer,
  describeAuditChanges,
  fieldLabel,
  formatAuditField,
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
      context: [],
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
      context: [{ field: "productId", value: "p1" }],
    });
  });

  it("treats objects with the same keys in another order as unchanged", () => {
    const view = describeAuditChanges({
      before: { links: { youtube: "https://y.example", facebook: "https://f.example" } },
      after: { links: { facebook: "https://f.example", youtube: "https://y.example" } },
    });
    expect(view).toEqual({ kind: "diff", rows: [], context: [] });
  });

  it("shows money in rupees, not paise", () => {
    const product = describeAuditChanges(
      {
        before: { name: "Triphala Churna", price: 25_000, discountPrice: 22_900 },
        after: { name: "Triphala Churna", price: 25_000, discountPrice: 19_900 },
      },
      "product",
    );
    expect(product).toMatchObject({
      rows: [{ field: "discountPrice", before: "₹229.00", after: "₹199.00" }],
    });
    const coupon = describeAuditChanges(
      {
        before: {
          code: "BIG",
          discountType: "fixed",
          discountValue: 25_000,
          minOrderValue: 500_000,
        },
        after: { code: "BIG", discountType: "fixed", discountValue: 25_000, minOrderValue: 50_000 },
      },
      "coupon",
    );
    expect(coupon).toMatchObject({
      rows: [{ field: "minOrderValue", before: "₹5,000.00", after: "₹500.00" }],
    });
    expect(
      describeAuditChanges(
        { before: { codMaxOrderValue: null }, after: { codMaxOrderValue: 499_950 } },
        "settings",
      ),
    ).toMatchObject({ rows: [{ before: "(empty)", after: "₹4,999.50" }] });
  });

  it("reads a coupon's discount value by its own type on each side", () => {
    const view = describeAuditChanges(
      {
        before: { discountType: "percentage", discountValue: 10 },
        after: { discountType: "fixed", discountValue: 25_000 },
      },
      "coupon",
    );
    expect(view).toMatchObject({
      rows: [
        { field: "discountType", before: "percentage", after: "fixed" },
        { field: "discountValue", before: "10%", after: "₹250.00" },
      ],
    });
    // The type left out of the form's side is the row's own.
    expect(formatAuditField("coupon", "discountValue", 5_000, { discountType: "fixed" })).toBe(
      "₹50.00",
    );
    // Only the shop's money fields: a product's stock stays a number.
    expect(formatAuditField("product", "stockQuantity", 500)).toBe("500");
  });

  it("does not list text that differs only in line endings, trailing white space, or null against empty", () => {
    const view = describeAuditChanges(
      {
        before: {
          name: "Brahmi Vati",
          detailedDescription: "Calms the mind.\nTake with milk.",
          ingredients: null,
          benefits: "Memory  ",
          certifications: ["GMP", "AYUSH"],
        },
        after: {
          name: "Brahmi Vati",
          detailedDescription: "Calms the mind. \r\nTake with milk.\r\n",
          ingredients: "",
          benefits: "Memory",
          certifications: ["GMP ", "AYUSH"],
        },
      },
      "product",
    );
    expect(view).toEqual({ kind: "diff", rows: [], context: [] });
    expect(auditValuesDiffer("one\ntwo", "one two")).toBe(true);
    expect(auditValuesDiffer("  indented", "indented")).toBe(false);
    expect(auditValuesDiffer(0, null)).toBe(true);
  });

  it("leaves out an empty list of added images and counts a full one", () => {
    const unchanged = describeAuditChanges(
      { before: { name: "A" }, after: { name: "A" }, addedImages: [] },
      "product",
    );
    expect(unchanged).toEqual({ kind: "diff", rows: [], context: [] });
    const added = describeAuditChanges(
      { before: { name: "A" }, after: { name: "A" }, addedImages: ["i1", "i2"] },
      "product",
    );
    expect(added).toMatchObject({ context: [{ field: "addedImages", value: "2 images" }] });
  });

  it("shows a created or deleted record's money in rupees", () => {
    expect(
      describeAuditChanges({ name: "Kalpa", price: 22_900, addedImages: [] }, "product"),
    ).toEqual({
      kind: "snapshot",
      label: "Recorded values",
      values: { name: "Kalpa", price: "₹229.00" },
    });
    expect(
      describeAuditChanges({ before: { code: "OLD", maxDiscount: 20_000 } }, "coupon"),
    ).toMatchObject({ values: { code: "OLD", maxDiscount: "₹200.00" } });
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
    // Abbreviations read in capitals, as the forms write them.
    expect(fieldLabel("gstin")).toBe("GSTIN");
    expect(fieldLabel("hsnCode")).toBe("HSN code");
    expect(fieldLabel("gstRate")).toBe("GST rate");
    expect(fieldLabel("trackingId")).toBe("Tracking ID");
    expect(fieldLabel("identity")).toBe("Identity");
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
