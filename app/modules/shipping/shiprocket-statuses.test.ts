import { describe, expect, it } from "vitest";
import { parseShiprocketWebhook } from "./shiprocket-courier.server";
import { parseShiprocketTime, shiprocketScanKind } from "./shiprocket-statuses";

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
