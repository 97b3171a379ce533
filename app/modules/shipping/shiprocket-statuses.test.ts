import { describe, expect, it } from "vitest";
import {
  parseShiprocketDay,
  parseShiprocketTime,
  parseShiprocketWebhook,
  shiprocketScanKind,
} from "./shiprocket-statuses";

describe("Shiprocket's statuses", () => {
  it("maps labels and, failing those, ids", () => {
    expect(shiprocketScanKind("DELIVERED", 7)).toBe("delivered");
    expect(shiprocketScanKind("out for delivery", undefined)).toBe("out_for_delivery");
    expect(shiprocketScanKind("UNDELIVERED", 21)).toBe("failed_attempt");
    expect(shiprocketScanKind("RTO IN TRANSIT", 46)).toBe("rto_initiated");
    expect(shiprocketScanKind("RTO DELIVERED", 10)).toBe("rto_delivered");
    expect(shiprocketScanKind("Something new", 42)).toBe("picked_up");
    expect(shiprocketScanKind("PICKUP SCHEDULED", 3)).toBeNull();
  });

  it("reads both of its time formats as India's time", () => {
    expect(parseShiprocketTime("2023-05-19 11:59:16")?.toISOString()).toBe(
      "2023-05-19T06:29:16.000Z",
    );
    expect(parseShiprocketTime("23 05 2023 11:43:52")?.toISOString()).toBe(
      "2023-05-23T06:13:52.000Z",
    );
    expect(parseShiprocketTime("yesterday")).toBeNull();
    expect(parseShiprocketTime("2023-13-45 10:00:00")).toBeNull();
  });

  it("reads the days of an order's details (a remittance date) in India's time", () => {
    expect(parseShiprocketDay("2026-11-27")?.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(parseShiprocketDay("27 Nov 2026")?.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(parseShiprocketDay("21 Sep 2022 05:28 PM")?.toISOString()).toBe(
      "2022-09-21T11:58:00.000Z",
    );
    expect(parseShiprocketDay("21st Sep 2022 12:05 AM")?.toISOString()).toBe(
      "2022-09-20T18:35:00.000Z",
    );
    expect(parseShiprocketDay("2023-05-19 11:59:16")?.toISOString()).toBe(
      "2023-05-19T06:29:16.000Z",
    );
    for (const text of ["", null, undefined, "soon", "31 Feb 2026", "2026-02-30", "5 Foo 2026"]) {
      expect(parseShiprocketDay(text)).toBeNull();
    }
  });
});

describe("parseShiprocketWebhook", () => {
  const update = {
    awb: "19041424751540",
    courier_name: "Delhivery Surface",
    current_status: "DELIVERED",
    current_status_id: 7,
    shipment_status: "DELIVERED",
    shipment_status_id: 7,
    current_timestamp: "23 05 2023 11:43:52",
    order_id: "SA-1001",
    scans: [{ date: "2023-05-23 11:43:52", activity: "Delivered to consignee", location: "Pune" }],
  };

  it("reads the AWB, status, time and last scan", () => {
    expect(parseShiprocketWebhook(update)).toEqual([
      {
        awb: "19041424751540",
        kind: "delivered",
        status: "DELIVERED",
        at: new Date("2023-05-23T06:13:52.000Z"),
        description: "Delivered to consignee",
        location: "Pune",
      },
    ]);
  });

  it("takes a numeric AWB and gives no scan for a status that moves nothing", () => {
    expect(parseShiprocketWebhook({ ...update, awb: 123 })[0]?.awb).toBe("123");
    expect(
      parseShiprocketWebhook({
        ...update,
        current_status: "PICKUP SCHEDULED",
        shipment_status: "PICKUP SCHEDULED",
        shipment_status_id: 3,
      }),
    ).toEqual([]);
  });

  it("reads each field by its type: an object where text belongs is not text, and never run", () => {
    const hostile = { toString: 1, valueOf: 1 };
    for (const body of [
      { ...update, scans: [{ activity: { toString: 1 } }] },
      { ...update, scans: [{ activity: "Delivered", location: hostile }] },
      { ...update, scans: [null] },
      { ...update, scans: [[1, 2]] },
      { ...update, scans: "many" },
      { ...update, location: hostile, shipment_status_id: hostile, current_status_id: hostile },
    ]) {
      const [scan] = parseShiprocketWebhook(body);
      expect(scan).toMatchObject({ awb: update.awb, kind: "delivered", status: "DELIVERED" });
      expect(typeof scan?.description).toBe("string");
      expect(scan?.location === null || typeof scan?.location === "string").toBe(true);
    }
    expect(parseShiprocketWebhook({ ...update, scans: [{ activity: hostile }] })[0]).toMatchObject({
      description: "DELIVERED",
      location: null,
    });
    expect(() => parseShiprocketWebhook({ ...update, awb: hostile })).toThrow("expected an AWB");
    expect(() =>
      parseShiprocketWebhook({ ...update, current_status: hostile, shipment_status: hostile }),
    ).toThrow("expected a status");
    expect(() => parseShiprocketWebhook({ ...update, current_timestamp: hostile })).toThrow(
      "expected current_timestamp",
    );
  });

  it("refuses what is not an update", () => {
    expect(() => parseShiprocketWebhook(null)).toThrow();
    expect(() => parseShiprocketWebhook([update])).toThrow();
    expect(() => parseShiprocketWebhook({ ...update, awb: "" })).toThrow("expected an AWB");
    expect(() => parseShiprocketWebhook({ ...update, awb: "a b" })).toThrow("expected an AWB");
    expect(() =>
      parseShiprocketWebhook({ ...update, current_status: "", shipment_status: undefined }),
    ).toThrow("expected a status");
    expect(() => parseShiprocketWebhook({ ...update, current_timestamp: "now" })).toThrow(
      "expected current_timestamp",
    );
  });
});
