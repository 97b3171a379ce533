import { describe, expect, it } from "vitest";
import { jobKindLabel } from "~/domain/background-jobs";

// That every kind the shop runs has one: app/job-list.server.test.ts.
describe("the plain names of the kinds of background job", () => {
  it("read as an owner says them", () => {
    expect(jobKindLabel("card-refund")).toBe("Card refund");
    expect(jobKindLabel("courier-booking")).toBe("Courier booking");
    expect(jobKindLabel("mail")).toBe("E-mail");
  });

  it("show a kind no longer run (a job left from an older version) as it is stored", () => {
    expect(jobKindLabel("old-kind")).toBe("old-kind");
    expect(jobKindLabel("toString")).toBe("toString");
  });
});
