import { describe, expect, it } from "vitest";
import { couponFormSchema } from "./coupon";

const base = { code: "save10", discountType: "percentage", discountValue: "10", isActive: "on" };
const messages = (input: Record<string, unknown>) =>
  couponFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("admin coupon form", () => {
  it("upper-cases the code and reads optional fields as none", () => {
    const result = couponFormSchema.parse(base);
    expect(result).toMatchObject({
      code: "SAVE10",
      discountType: "percentage",
      discountValue: 10,
      minOrderValue: null,
      maxDiscount: null,
      usageLimit: null,
      perCustomerLimit: null,
      expiresAt: null,
      isActive: true,
    });
  });

  it("stores rupee amounts as paise and fixed discounts in paise", () => {
    const result = couponFormSchema.parse({
      ...base,
      discountType: "fixed",
      discountValue: "250",
      minOrderValue: "1499.50",
      maxDiscount: "300",
    });
    expect(result).toMatchObject({
      discountValue: 25000,
      minOrderValue: 149950,
      maxDiscount: 30000,
    });
  });

  it("makes the expiry date last through the end of that day in India", () => {
    expect(
      couponFormSchema.parse({ ...base, expiresOn: "2026-12-31" }).expiresAt?.toISOString(),
    ).toBe("2026-12-31T18:29:59.999Z");
  });

  it("treats an unticked active box as inactive", () => {
    expect(couponFormSchema.parse({ ...base, isActive: undefined }).isActive).toBe(false);
  });

  it.each([
    [{ code: "" }, "code", "Coupon code is required"],
    [{ code: "SAVE 10" }, "code", "Use letters, digits, - and _ only"],
    [{ discountValue: "" }, "discountValue", "Discount value is required"],
    [{ discountValue: "0" }, "discountValue", "Percentage must be a whole number from 1 to 100"],
    [{ discountValue: "101" }, "discountValue", "Percentage must be a whole number from 1 to 100"],
    [{ discountValue: "12.5" }, "discountValue", "Percentage must be a whole number from 1 to 100"],
    [
      { discountType: "fixed", discountValue: "-5" },
      "discountValue",
      "Discount must be an amount above ₹0",
    ],
    [
      { minOrderValue: "abc" },
      "minOrderValue",
      "Minimum order value must be an amount above ₹0 with at most 2 decimals",
    ],
    [
      { maxDiscount: "0" },
      "maxDiscount",
      "Maximum discount must be an amount above ₹0 with at most 2 decimals",
    ],
    [{ usageLimit: "1.5" }, "usageLimit", "Usage limit must be a whole number of 1 or more"],
    [
      { perCustomerLimit: "0" },
      "perCustomerLimit",
      "Per-customer limit must be a whole number of 1 or more",
    ],
    [{ expiresOn: "31/12/2026" }, "expiresOn", "Expiry must be a date"],
  ])("refuses %j", (override, path, message) => {
    expect(messages({ ...base, ...override })).toContainEqual([path, message]);
  });
});
