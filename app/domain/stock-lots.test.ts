import { describe, expect, it } from "vitest";
import {
  addDays,
  bestBeforeText,
  compareFefo,
  expiringSoonBefore,
  expiryMonth,
  isExpired,
  isSellableLot,
  monthEnd,
  monthFrom,
  sellableFrom,
  shopDate,
} from "./stock-lots";

describe("the shop's date", () => {
  it("is India's calendar date, whatever the server's zone", () => {
    expect(shopDate(new Date("2026-11-27T18:29:59Z"))).toBe("2026-11-27");
    expect(shopDate(new Date("2026-11-27T18:30:00Z"))).toBe("2026-11-28");
    expect(shopDate(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });

  it("adds days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 90)).toBe("2027-03-31");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });

  it("refuses what is not a calendar date", () => {
    expect(() => addDays("2027-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("27-02-2027", 1)).toThrow(RangeError);
  });
});

describe("the minimum shelf life", () => {
  it("sells a lot expiring on the line or later, never one sooner", () => {
    expect(sellableFrom("2026-11-27", 90)).toBe("2027-02-25");
    expect(isSellableLot("2027-02-25", "2026-11-27", 90)).toBe(true);
    expect(isSellableLot("2027-02-24", "2026-11-27", 90)).toBe(false);
    expect(isSellableLot("2026-11-26", "2026-11-27", 0)).toBe(false);
    expect(isSellableLot("2026-11-27", "2026-11-27", 0)).toBe(true);
  });

  it("always sells stock with no expiry (opening stock)", () => {
    expect(isSellableLot(null, "2026-11-27", 1095)).toBe(true);
    expect(isExpired(null, "2026-11-27")).toBe(false);
  });

  it("counts a lot expired only from the day after its expiry", () => {
    expect(isExpired("2026-11-27", "2026-11-27")).toBe(false);
    expect(isExpired("2026-11-26", "2026-11-27")).toBe(true);
  });

  it("calls lots expiring soon up to 60 days past the line", () => {
    expect(expiringSoonBefore("2026-11-27", 90)).toBe("2027-04-26");
  });
});

describe("expiry months", () => {
  it("stores a label's month as its last day", () => {
    expect(monthEnd(2027, 2)).toBe("2027-02-28");
    expect(monthEnd(2028, 2)).toBe("2028-02-29");
    expect(monthEnd(2027, 12)).toBe("2027-12-31");
    expect(() => monthEnd(2027, 13)).toThrow(RangeError);
    expect(() => monthEnd(2027, 0)).toThrow(RangeError);
  });

  it("shows the month and year, as the label does", () => {
    expect(expiryMonth("2027-03-31")).toBe("Mar 2027");
    expect(bestBeforeText("2028-12-31")).toBe("Best before Dec 2028");
    expect(bestBeforeText(null)).toBeNull();
  });
});

describe("first expiry first out", () => {
  const lot = (id: string, expiresOn: string | null, receivedAt: string) => ({
    id,
    expiresOn,
    receivedAt,
  });

  it("orders by expiry, no expiry last, then by the earliest received", () => {
    const lots = [
      lot("a", null, "2026-01-01T00:00:00Z"),
      lot("b", "2028-01-31", "2026-05-01T00:00:00Z"),
      lot("c", "2027-06-30", "2026-06-01T00:00:00Z"),
      lot("d", "2027-06-30", "2026-02-01T00:00:00Z"),
    ];
    expect([...lots].sort(compareFefo).map((l) => l.id)).toEqual(["d", "c", "b", "a"]);
  });
});

describe("monthFrom", () => {
  it("counts whole months from the month a day is in, across years both ways", () => {
    expect(monthFrom("2026-12-01", 0)).toBe("2026-12");
    expect(monthFrom("2026-12-31", 1)).toBe("2027-01");
    expect(monthFrom("2026-01-15", -1)).toBe("2025-12");
    expect(monthFrom("2026-03-31", 24)).toBe("2028-03");
  });

  it("refuses what is not a day", () => {
    expect(() => monthFrom("2026-13-01", 1)).toThrow(RangeError);
  });
});
