import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHOP_HOLIDAYS,
  formatPromisedDay,
  indiaToday,
  isBusinessDay,
  isHoliday,
  isPromisedDayPast,
  parseHolidays,
  promisedDeliveryDay,
} from "./delivery-days";

const HOLIDAYS = DEFAULT_SHOP_HOLIDAYS;

/** The day promised for an order at `at` (an instant), packed in 2 business days. */
function promised(at: string, courierDays: number, holidays: readonly string[] = HOLIDAYS) {
  return promisedDeliveryDay({ orderedAt: new Date(at), packingDays: 2, courierDays, holidays });
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("promisedDeliveryDay", () => {
  it("packs in the two business days after the order's day, then counts the courier's days", () => {
    // Wed 2 Dec: packed Thu 3 and Fri 4, leaves Fri 4.
    expect(promised("2026-12-02T10:00:00+05:30", 1)).toBe("2026-12-05"); // Sat
    expect(promised("2026-12-02T10:00:00+05:30", 4)).toBe("2026-12-08"); // Tue
    expect(promised("2026-12-02T10:00:00+05:30", 7)).toBe("2026-12-11"); // Fri
  });

  it("moves a delivery day that falls on a Sunday to the Monday", () => {
    expect(promised("2026-12-02T10:00:00+05:30", 2)).toBe("2026-12-07");
    expect(promised("2026-12-02T10:00:00+05:30", 3)).toBe("2026-12-07");
  });

  it("starts an order placed on a Sunday on the next business day, as one placed on Saturday", () => {
    // Packed Mon 7 and Tue 8.
    expect(promised("2026-12-06T11:00:00+05:30", 1)).toBe("2026-12-09");
    expect(promised("2026-12-05T11:00:00+05:30", 1)).toBe("2026-12-09");
    // Packing skips the Sunday: Friday's order is packed Sat 5 and Mon 7.
    expect(promised("2026-12-04T11:00:00+05:30", 1)).toBe("2026-12-08");
  });

  it("reads the order's day on India's clock, late at night and past midnight", () => {
    // Fri 4 Dec 23:59 in India is 18:29 UTC: a Friday order.
    expect(promised("2026-12-04T18:29:00Z", 1)).toBe("2026-12-08");
    // 00:01 on Sat 5 Dec in India is still Friday in UTC: a Saturday order.
    expect(promised("2026-12-04T18:31:00Z", 1)).toBe("2026-12-09");
  });

  it("does not pack on a holiday, and moves a delivery off one", () => {
    // Republic Day, Tue 26 Jan 2027: Saturday's order is packed Mon 25 and Wed 27.
    expect(promised("2027-01-23T10:00:00+05:30", 1)).toBe("2027-01-28");
    // Independence Day, Sat 15 Aug 2026, then a Sunday: delivered Mon 17.
    expect(promised("2026-08-10T10:00:00+05:30", 3)).toBe("2026-08-17");
    // Gandhi Jayanti, Fri 2 Oct 2026: packed Thu 1 and Sat 3, delivered off the Sunday on Mon 5;
    // Maharashtra Day, Sat 1 May 2027: packed Thu 29 and Fri 30, delivered off it on Mon 3.
    expect(promised("2026-09-30T10:00:00+05:30", 1)).toBe("2026-10-05");
    expect(promised("2027-04-28T10:00:00+05:30", 1)).toBe("2027-05-03");
  });

  it("without holidays only Sundays close", () => {
    expect(promised("2027-01-23T10:00:00+05:30", 1, [])).toBe("2027-01-27");
  });

  it("crosses the year end, with a holiday of one year only", () => {
    // Thu 31 Dec 2026: packed Fri 1 and Sat 2 Jan, two days later Mon 4 Jan 2027.
    expect(promised("2026-12-31T20:00:00+05:30", 2)).toBe("2027-01-04");
    expect(promised("2026-12-31T20:00:00+05:30", 2, [...HOLIDAYS, "2027-01-01"])).toBe(
      "2027-01-06",
    );
    // The dated holiday is that year's only.
    expect(promised("2027-12-31T10:00:00+05:30", 1, ["2027-01-01"])).toBe("2028-01-04");
  });

  it("a run of holidays and a Sunday are all skipped", () => {
    const closed = ["2026-12-07", "2026-12-08", "2026-12-09"];
    // Sat 5 Dec: packed Thu 10 and Fri 11; one day later Sat 12.
    expect(promised("2026-12-05T10:00:00+05:30", 1, closed)).toBe("2026-12-12");
  });

  it("promises nothing on days that make no sense", () => {
    for (const days of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 61]) {
      expect(promised("2026-12-02T10:00:00+05:30", days)).toBeNull();
    }
    expect(promised("2026-12-02T10:00:00+05:30", 60)).toBe("2027-02-02");
    expect(
      promisedDeliveryDay({
        orderedAt: new Date("not a time"),
        packingDays: 2,
        courierDays: 2,
        holidays: [],
      }),
    ).toBeNull();
  });

  it("packs no days when told none", () => {
    expect(
      promisedDeliveryDay({
        orderedAt: new Date("2026-12-02T10:00:00+05:30"),
        packingDays: 0,
        courierDays: 1,
        holidays: [],
      }),
    ).toBe("2026-12-03");
  });
});

describe("isBusinessDay", () => {
  it("is Monday to Saturday less the holidays, yearly or dated", () => {
    expect(isBusinessDay(day("2026-12-05"), [])).toBe(true); // Sat
    expect(isBusinessDay(day("2026-12-06"), [])).toBe(false); // Sun
    expect(isBusinessDay(day("2027-01-26"), HOLIDAYS)).toBe(false);
    expect(isBusinessDay(day("2026-12-07"), ["2026-12-07"])).toBe(false);
    expect(isBusinessDay(day("2027-12-07"), ["2026-12-07"])).toBe(true);
  });
});

describe("holidays as the owner types them", () => {
  it("reads one a line, once each", () => {
    expect(parseHolidays("01-26\n 05-01 \r\n\n08-15, 10-02\n01-26")).toEqual([
      "01-26",
      "05-01",
      "08-15",
      "10-02",
    ]);
    expect(parseHolidays("")).toEqual([]);
    // An entry is a whole line: "26 Jan" is one entry, and not a day.
    expect(parseHolidays("26 Jan")).toEqual(["26 Jan"]);
  });

  it("takes real days only", () => {
    for (const good of ["01-26", "02-29", "2028-02-29", "2026-11-09", "12-31"]) {
      expect(isHoliday(good)).toBe(true);
    }
    for (const bad of [
      "2027-02-29",
      "13-01",
      "00-10",
      "04-31",
      "26 Jan",
      "2026-1-5",
      "1-26",
      "",
      "1999-01-01",
    ]) {
      expect(isHoliday(bad)).toBe(false);
    }
  });
});

describe("naming and passing the day", () => {
  it("names a day as the promise does", () => {
    expect(formatPromisedDay("2026-12-08")).toBe("Tue, 8 Dec");
    expect(formatPromisedDay("2027-01-04")).toBe("Mon, 4 Jan");
  });

  it("a day is past once the next has begun in India", () => {
    expect(isPromisedDayPast("2026-12-08", new Date("2026-12-08T18:29:00Z"))).toBe(false);
    expect(isPromisedDayPast("2026-12-08", new Date("2026-12-08T18:30:00Z"))).toBe(true);
    expect(indiaToday(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
  });
});
