import { describe, expect, it } from "vitest";
import { joinAddressErrors } from "./address";
import { cashOnDeliverySwitchSchema, checkoutSchema } from "./checkout";

const valid = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
  idempotencyKey: "0b8f6c1e-4c1a-4d9e-9a51-3b2f4f0d6a10",
};

describe("checkoutSchema", () => {
  it("defaults to cash on delivery and keeps only the fields it knows", () => {
    const parsed = checkoutSchema.parse({ ...valid, total: "1", price: "1", discount: "999" });
    expect(parsed.paymentMethod).toBe("cod");
    expect(parsed.addressLine2).toBeNull();
    expect(parsed).not.toHaveProperty("total");
    expect(parsed).not.toHaveProperty("price");
    expect(parsed).not.toHaveProperty("discount");
  });

  it("accepts card payment and refuses unknown methods", () => {
    expect(checkoutSchema.parse({ ...valid, paymentMethod: "razorpay" }).paymentMethod).toBe(
      "razorpay",
    );
    expect(checkoutSchema.safeParse({ ...valid, paymentMethod: "upi" }).success).toBe(false);
  });

  it("defaults to standard delivery, accepts express and refuses any other method", () => {
    expect(checkoutSchema.parse(valid).shippingMethod).toBe("standard");
    expect(checkoutSchema.parse({ ...valid, shippingMethod: "express" }).shippingMethod).toBe(
      "express",
    );
    const refused = checkoutSchema.safeParse({ ...valid, shippingMethod: "overnight" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Choose a delivery option");
  });

  it("keeps no shipping fee sent with the form", () => {
    const parsed = checkoutSchema.parse({ ...valid, shippingMethod: "express", shipping: "0" });
    expect(parsed).not.toHaveProperty("shipping");
    expect(parsed).not.toHaveProperty("shippingCost");
  });

  it("needs a key for the attempt and a well-formed saved address id", () => {
    expect(checkoutSchema.safeParse({ ...valid, idempotencyKey: undefined }).success).toBe(false);
    expect(checkoutSchema.safeParse({ ...valid, addressId: "12" }).success).toBe(false);
  });

  it("joins address problems with commas (docs/SPEC.md §5)", () => {
    const result = checkoutSchema.safeParse({ ...valid, phone: "12", postalCode: "41500" });
    expect(result.success).toBe(false);
    const errors: Record<string, string[]> = {};
    for (const issue of result.error!.issues) {
      const key = String(issue.path[0]);
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    expect(joinAddressErrors(errors)).toBe(
      "Phone must be exactly 10 digits, Postal code must be exactly 6 digits",
    );
  });
});

describe("cashOnDeliverySwitchSchema", () => {
  it("takes the intent and an order id, and nothing else", () => {
    const orderId = "6c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
    expect(
      cashOnDeliverySwitchSchema.parse({ intent: "cash-on-delivery", orderId, total: "1" }),
    ).toEqual({ intent: "cash-on-delivery", orderId });
    const malformed = cashOnDeliverySwitchSchema.safeParse({
      intent: "cash-on-delivery",
      orderId: "7",
    });
    expect(malformed.error?.issues[0]?.message).toBe("Unknown order");
    expect(cashOnDeliverySwitchSchema.safeParse({ intent: "start", orderId }).success).toBe(false);
  });
});
