import { describe, expect, it } from "vitest";
import { auditQuerySchema, customersQuerySchema, reviewsQuerySchema } from "./admin-lists";

describe("back office list queries", () => {
  it("fall back instead of failing on bad values", () => {
    expect(customersQuerySchema.parse({ q: "  asha ", page: "x", customer: "nope" })).toEqual({
      q: "asha",
      page: 1,
      customer: undefined,
    });
    expect(customersQuerySchema.parse({})).toEqual({ q: "", page: 1, customer: undefined });
    expect(reviewsQuerySchema.parse({ status: "spam", page: "-3" })).toEqual({
      status: "all",
      page: 1,
      delete: undefined,
    });
    expect(auditQuerySchema.parse({ entity: "review", page: "2" })).toEqual({
      entity: "review",
      page: 2,
    });
    expect(auditQuerySchema.parse({ entity: "'; drop" }).entity).toBeUndefined();
  });
});
