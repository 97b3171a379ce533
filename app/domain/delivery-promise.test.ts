import { describe, expect, it } from "vitest";
import {
  courierRefusal,
  DELIVERY_MESSAGES,
  deliveryAnswer,
  expressOffered,
  type PromiseCalendar,
  promisedDayFor,
  readPinCode,
  type Serviceability,
} from "./delivery-promise";
import { formatIstWeekdayDay } from "./india-time";

// 2 December 2026, 10:00 in India (a Wednesday); the courier promises 3 days, so Saturday.
const WEDNESDAY = new Date("2026-12-02T04:30:00Z");
const NOW = new Date("2026-11-29T04:30:00Z");
const served: Serviceability = { served: true, cod: true, days: 3 };
/** The Shipping page's longest packing time and India's national holidays (decision 072). */
const CALENDAR: PromiseCalendar = {
  packingDays: 2,
  holidays: ["01-26", "05-01", "08-15", "10-02"],
};

describe("the PIN code a shopper types", () => {
  it.each(["415003", " 110001 ", "744101", "682555"])("accepts %j", (value) => {
    expect(readPinCode(value)).toEqual({ ok: true, pin: value.trim() });
  });

  it.each(["", "41500", "4150031", "015003", "41500a", "415 003", "PIN415", null, 415003])(
    "refuses %j with a message",
    (value) => {
      expect(readPinCode(value)).toEqual({ ok: false, message: DELIVERY_MESSAGES.malformedPin });
    },
  );
});

describe("a promised delivery day", () => {
  it("is written 'EEE, d MMM' on India's clock", () => {
    expect(formatIstWeekdayDay(WEDNESDAY)).toBe("Wed, 2 Dec");
    expect(formatIstWeekdayDay(new Date("2026-12-01T10:00:00Z"))).toBe("Tue, 1 Dec");
  });

  it("counts the courier's days after two business days of packing (decision 072)", () => {
    // Sunday 29 Nov: packed Mon 30 and Tue 1, three days later Fri 4 Dec.
    expect(promisedDayFor(served, "standard", NOW, CALENDAR)).toBe("2026-12-04");
    // Late in India's evening, already Monday there: packed Tue 1 and Wed 2, two days on Fri 4.
    expect(
      promisedDayFor(
        { ...served, days: 2 },
        "standard",
        new Date("2026-11-29T19:00:00Z"),
        CALENDAR,
      ),
    ).toBe("2026-12-04");
  });

  it("names express by the faster service's days, and none without one", () => {
    expect(promisedDayFor({ ...served, fasterDays: 1 }, "express", NOW, CALENDAR)).toBe(
      "2026-12-02",
    );
    expect(promisedDayFor({ ...served, fasterDays: null }, "express", NOW, CALENDAR)).toBeNull();
    expect(promisedDayFor({ served: false }, "standard", NOW, CALENDAR)).toBeNull();
    expect(promisedDayFor(null, "standard", NOW, CALENDAR)).toBeNull();
    expect(promisedDayFor({ ...served, days: null }, "standard", NOW, CALENDAR)).toBeNull();
  });

  it("turns to the next day at midnight in India, not in UTC", () => {
    expect(formatIstWeekdayDay(new Date("2026-12-01T18:29:00Z"))).toBe("Tue, 1 Dec");
    expect(formatIstWeekdayDay(new Date("2026-12-01T18:30:00Z"))).toBe("Wed, 2 Dec");
  });
});

describe("the product page's answer", () => {
  it("promises a day and cash on delivery where both are offered", () => {
    // The day moved by the packing days of decision 072: no longer now + 3 days (Wed, 2 Dec).
    expect(deliveryAnswer("415003", served, false, NOW, CALENDAR)).toEqual({
      pin: "415003",
      tone: "served",
      text: "Delivery by Fri, 4 Dec · Cash on delivery available",
      by: "Fri, 4 Dec",
    });
  });

  it("says prepaid only where the courier collects no cash", () => {
    expect(deliveryAnswer("744101", { ...served, cod: false }, false, NOW, CALENDAR)).toEqual({
      pin: "744101",
      tone: "prepaid",
      text: "Delivery by Fri, 4 Dec · Prepaid only: cash on delivery is not available here",
      by: "Fri, 4 Dec",
    });
  });

  it("names express's day where a faster service is quoted, null where none is", () => {
    expect(deliveryAnswer("415003", { ...served, fasterDays: 1 }, false, NOW, CALENDAR)).toEqual({
      pin: "415003",
      tone: "served",
      text: "Delivery by Fri, 4 Dec · Cash on delivery available",
      by: "Fri, 4 Dec",
      expressBy: "Wed, 2 Dec",
    });
    expect(
      deliveryAnswer("415003", { ...served, fasterDays: null }, false, NOW, CALENDAR).expressBy,
    ).toBeNull();
  });

  it("says prepaid only where the shop's settings leave cash on delivery out", () => {
    expect(deliveryAnswer("790001", served, true, NOW, CALENDAR).tone).toBe("prepaid");
  });

  it("leaves the day out when the courier names none", () => {
    expect(deliveryAnswer("415003", { ...served, days: null }, false, NOW, CALENDAR).text).toBe(
      "Cash on delivery available",
    );
  });

  it("names the PIN code it does not serve", () => {
    expect(deliveryAnswer("682555", { served: false }, false, NOW, CALENDAR)).toEqual({
      pin: "682555",
      tone: "unserved",
      text: "We don't deliver to 682555 yet",
      by: null,
    });
  });
});

describe("express delivery by the courier's word (decision 072)", () => {
  it("is offered only where a faster service is quoted", () => {
    expect(expressOffered({ ...served, fasterDays: 1 }, WEDNESDAY, CALENDAR)).toBe(true);
    expect(expressOffered({ ...served, fasterDays: null }, WEDNESDAY, CALENDAR)).toBe(false);
  });

  it("is not offered where packing and the Sunday bring the faster service to standard's day", () => {
    // Wednesday evening in India: packed by Friday; 3 days is Monday, and 2 days (Sunday) too.
    const evening = new Date("2026-12-02T15:30:00Z");
    const pune = { ...served, days: 3, fasterDays: 2 };
    expect(promisedDayFor(pune, "standard", evening, CALENDAR)).toBe("2026-12-07");
    expect(promisedDayFor(pune, "express", evening, CALENDAR)).toBe("2026-12-07");
    expect(expressOffered(pune, evening, CALENDAR)).toBe(false);
    expect(deliveryAnswer("411001", pune, false, evening, CALENDAR).expressBy).toBeNull();
    // One day faster still comes before it: Saturday.
    const faster = { ...pune, fasterDays: 1 };
    expect(expressOffered(faster, evening, CALENDAR)).toBe(true);
    expect(deliveryAnswer("411001", faster, false, evening, CALENDAR).expressBy).toBe("Sat, 5 Dec");
  });

  it("packed first, in the shortest packing time, comes before standard on those days too", () => {
    const evening = new Date("2026-12-02T15:30:00Z");
    const pune = { ...served, days: 3, fasterDays: 2 };
    const packedFirst = { ...CALENDAR, expressPackingDays: 1 };
    // Packed by Thursday, 2 days by air: Saturday; standard stays Monday.
    expect(promisedDayFor(pune, "express", evening, packedFirst)).toBe("2026-12-05");
    expect(promisedDayFor(pune, "standard", evening, packedFirst)).toBe("2026-12-07");
    expect(expressOffered(pune, evening, packedFirst)).toBe(true);
    // A Thursday order of Satara (surface 2, air 1): Saturday by air, Monday by surface.
    const thursday = new Date("2026-12-03T04:30:00Z");
    const satara = { ...served, days: 2, fasterDays: 1 };
    expect(deliveryAnswer("415003", satara, false, thursday, packedFirst)).toMatchObject({
      by: "Mon, 7 Dec",
      expressBy: "Sat, 5 Dec",
    });
  });

  it("stays offered where the word is unknown", () => {
    expect(expressOffered(null, WEDNESDAY, CALENDAR)).toBe(true);
    expect(expressOffered(served, WEDNESDAY, CALENDAR)).toBe(true);
    expect(expressOffered({ served: false }, WEDNESDAY, CALENDAR)).toBe(true);
  });
});

describe("what the courier's answer refuses at the checkout", () => {
  it("refuses any order to a PIN code it does not serve", () => {
    for (const method of ["cod", "razorpay"]) {
      expect(courierRefusal("682555", { served: false }, method)).toEqual({
        kind: "not-served",
        message: DELIVERY_MESSAGES.notServedOrder("682555"),
      });
    }
  });

  it("refuses cash on delivery, and only it, where the courier collects none", () => {
    const prepaid = { ...served, cod: false };
    expect(courierRefusal("744101", prepaid, "cod")).toEqual({
      kind: "prepaid-only",
      message: DELIVERY_MESSAGES.prepaidOnlyOrder("744101"),
    });
    expect(courierRefusal("744101", prepaid, "razorpay")).toBeNull();
  });

  it("refuses nothing where the courier serves and collects", () => {
    expect(courierRefusal("415003", served, "cod")).toBeNull();
  });
});
