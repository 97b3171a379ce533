import { describe, expect, it } from "vitest";
import { invoicedStateNote, invoicedStateRefusal } from "./invoiced-address";

const invoiced = { orderNumber: "ORD-1001", invoiceNumber: "INV/26-27/000012" };

describe("an invoiced order's address", () => {
  it("may change within the invoiced state, however the state is written", () => {
    expect(invoicedStateRefusal(invoiced, "Maharashtra", "Maharashtra")).toBeNull();
    expect(invoicedStateRefusal(invoiced, "Maharashtra", " maharashtra ")).toBeNull();
    expect(invoicedStateRefusal(invoiced, "Maharashtra", "MH")).toBeNull();
  });

  it("may not move to another state once invoiced", () => {
    expect(invoicedStateRefusal(invoiced, "Maharashtra", "Karnataka")).toBe(
      "Order ORD-1001's tax invoice INV/26-27/000012 was issued for delivery in Maharashtra, so the state cannot change. To deliver to another state, cancel the order and place a new one.",
    );
  });

  it("may move anywhere before an invoice is issued", () => {
    expect(
      invoicedStateRefusal({ ...invoiced, invoiceNumber: null }, "Maharashtra", "Goa"),
    ).toBeNull();
  });

  it("is explained beside the form", () => {
    expect(invoicedStateNote("INV/26-27/000012", "Maharashtra")).toBe(
      "Tax invoice INV/26-27/000012 was issued for delivery in Maharashtra: the address can change within Maharashtra only.",
    );
  });
});
