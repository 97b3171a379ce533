import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  financialYearOf,
  formatDayKey,
  formatIstDate,
  formatIstDateTime,
  formatIstDay,
  formatIstShortDate,
  formatIstSortable,
  istParts,
} from "./india-time";

// 18:30 UTC is midnight in India: the day changes there before it does in UTC.
const INDIA_MIDNIGHT = new Date("2026-03-31T18:30:00Z");
const JUST_BEFORE = new Date("2026-03-31T18:29:00Z");

describe("dates on India's clock, whatever the zone of the server or the browser", () => {
  it("'MMM d, yyyy' turns the day at India's midnight", () => {
    expect(formatIstDate(JUST_BEFORE)).toBe("Mar 31, 2026");
    expect(formatIstDate(INDIA_MIDNIGHT)).toBe("Apr 1, 2026");
    expect(formatIstDate("2026-12-31T18:29:00Z")).toBe("Dec 31, 2026");
  });

  it("'MMM d, yyyy HH:mm' uses a 24-hour clock", () => {
    expect(formatIstDateTime(new Date("2026-01-05T18:45:00Z"))).toBe("Jan 6, 2026 00:15");
    expect(formatIstDateTime(new Date("2026-09-30T08:05:00Z"))).toBe("Sep 30, 2026 13:35");
    expect(formatIstDateTime("2026-12-31T18:29:00Z")).toBe("Dec 31, 2026 23:59");
  });

  it("'dd/MM/yy' and 'yyyy-MM-dd' pad their parts", () => {
    expect(formatIstShortDate(JUST_BEFORE)).toBe("31/03/26");
    expect(formatIstShortDate(INDIA_MIDNIGHT)).toBe("01/04/26");
    expect(formatIstShortDate("2030-01-08T00:00:00Z")).toBe("08/01/30");
    expect(formatIstDay(JUST_BEFORE)).toBe("2026-03-31");
    expect(formatIstDay(INDIA_MIDNIGHT)).toBe("2026-04-01");
  });

  it("'yyyy-MM-dd HH:mm' for spreadsheets", () => {
    expect(formatIstSortable(JUST_BEFORE)).toBe("2026-03-31 23:59");
  });

  it("a calendar day key is written without any zone", () => {
    expect(formatDayKey("2026-03-07")).toBe("Mar 7");
    expect(formatDayKey("2026-03-07", true)).toBe("Mar 7, 2026");
  });

  it("the financial year starts on 1 April in India", () => {
    expect(financialYearOf(JUST_BEFORE)).toBe("2025-26");
    expect(financialYearOf(INDIA_MIDNIGHT)).toBe("2026-27");
  });
});

describe("India's clock worked out by hand", () => {
  const intl = new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const intlParts = (date: Date) => {
    const parts = intl.formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((p) => p.type === type)?.value);
    return {
      year: part("year"),
      month: part("month"),
      day: part("day"),
      hour: part("hour"),
      minute: part("minute"),
    };
  };

  it("agrees with the Asia/Kolkata time zone from 1970 to 2100", () => {
    const from = Date.UTC(1970, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (time) => {
        const date = new Date(time);
        expect(istParts(date)).toEqual(intlParts(date));
      }),
      { numRuns: 5000 },
    );
    for (const text of [
      "2026-03-31T18:29:59.999Z",
      "2026-03-31T18:30:00Z",
      "2024-02-28T18:30:00Z",
    ]) {
      expect(istParts(text)).toEqual(intlParts(new Date(text)));
    }
  });

  it("refuses a date that is not one, as Intl does", () => {
    expect(() => istParts("not a date")).toThrow(RangeError);
    expect(() => intl.formatToParts(new Date("not a date"))).toThrow(RangeError);
  });
});
