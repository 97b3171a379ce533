// The shop as it starts (app/bootstrap.server.ts) declares every kind of job it runs.
import "~/bootstrap.server";
import { describe, expect, it } from "vitest";
import { JOB_KIND_LABELS, jobKindLabel } from "~/domain/background-jobs";
import { jobKinds } from "./job-kinds.server";

describe("the plain names of the kinds of background job", () => {
  it("name every kind the shop runs, and no other", () => {
    expect(jobKinds().length).toBeGreaterThan(5);
    expect(Object.keys(JOB_KIND_LABELS).sort()).toEqual(jobKinds());
  });

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
