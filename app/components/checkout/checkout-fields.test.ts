import { describe, expect, it } from "vitest";
import { checkoutFields } from "./checkout-fields";

const defaults = { fullName: "Asha Rao", city: "Satara", paymentMethod: "cod" };

describe("checkout fields", () => {
  it("start from the defaults, named as Conform names them, without errors", () => {
    const fields = checkoutFields("checkout-new", defaults, null);
    expect(fields.fullName).toEqual({
      id: "checkout-new-fullName",
      name: "fullName",
      initialValue: "Asha Rao",
      errors: undefined,
    });
    expect(fields.phone.initialValue).toBeUndefined();
  });

  it("show what was sent and the server's errors after a refused order", () => {
    const fields = checkoutFields("checkout-a1", defaults, {
      status: "error",
      initialValue: { fullName: "A", city: "Pune" },
      error: { fullName: ["Name must be at least 2 characters"], city: null, phone: [] },
    });
    expect(fields.fullName.initialValue).toBe("A");
    expect(fields.fullName.errors).toEqual(["Name must be at least 2 characters"]);
    expect(fields.city).toMatchObject({ initialValue: "Pune", errors: undefined });
    expect(fields.phone.errors).toBeUndefined();
    // A sent form replaces the defaults: a field it left out starts empty, as it was sent.
    expect(fields.paymentMethod.initialValue).toBeUndefined();
  });
});
