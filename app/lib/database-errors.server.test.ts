import { describe, expect, it } from "vitest";
import { violatedUniqueConstraint } from "./database-errors.server";

describe("violatedUniqueConstraint", () => {
  it("names the constraint of a unique violation, as the driver reports it or wrapped by Drizzle", () => {
    const driver = Object.assign(new Error("duplicate key value"), {
      code: "23505",
      constraint: "coupons_code_unique",
    });
    expect(violatedUniqueConstraint(driver)).toBe("coupons_code_unique");
    expect(violatedUniqueConstraint(new Error("Failed query", { cause: driver }))).toBe(
      "coupons_code_unique",
    );
  });

  it("is null for any other failure, whatever its message says", () => {
    const check = Object.assign(new Error('violates check constraint "coupons_used_count_range"'), {
      code: "23514",
      constraint: "coupons_used_count_range",
    });
    expect(violatedUniqueConstraint(check)).toBeNull();
    expect(violatedUniqueConstraint(new Error("duplicate key value violates unique"))).toBeNull();
    expect(violatedUniqueConstraint(null)).toBeNull();
    expect(violatedUniqueConstraint("23505")).toBeNull();
  });
});
