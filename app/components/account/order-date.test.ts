import { describe, expect, it } from "vitest";
import { formatOrderDateTime } from "./order-date";

describe("order date (SPEC §9 'MMM d, yyyy HH:mm')", () => {
  it("shows India time with a 24-hour clock", () => {
    expect(formatOrderDateTime(new Date("2026-01-05T18:45:00Z"))).toBe("Jan 6, 2026 00:15");
    expect(formatOrderDateTime(new Date("2026-09-30T08:05:00Z"))).toBe("Sep 30, 2026 13:35");
  });

  it("accepts an ISO string", () => {
    expect(formatOrderDateTime("2026-12-31T18:29:00Z")).toBe("Dec 31, 2026 23:59");
  });
});
