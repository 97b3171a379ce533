import { describe, expect, it } from "vitest";
import { customerShipmentHtml } from "./customer-timeline.server";

describe("customerShipmentHtml", () => {
  const timeline = {
    orderId: "order",
    provider: "test" as const,
    state: "in_transit" as const,
    courierName: "Test Courier",
    awb: "TEST0123456789",
    labelUrl: null,
    error: null,
    reattemptRequestedAt: null,
    scans: [
      {
        kind: "picked_up" as const,
        at: new Date("2026-11-27T04:30:00Z"),
        description: "x",
        location: "<script>alert(1)</script>",
        test: true,
      },
    ],
  };

  it("shows nothing until the parcel has an AWB", () => {
    expect(customerShipmentHtml(undefined)).toBeNull();
    expect(customerShipmentHtml({ ...timeline, awb: null })).toBeNull();
  });

  it("names the courier, links the AWB to the order's own timeline and lists the scans, escaped", () => {
    const html = customerShipmentHtml(timeline)!;
    expect(html).toContain('id="shipment-TEST0123456789"');
    expect(html).toContain("Courier: </span>Test Courier");
    expect(html).toContain('href="/profile?tab=orders#shipment-TEST0123456789"');
    expect(html).toContain("Picked up (test)");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
  });

  it("links a Shiprocket AWB to Shiprocket's tracking page, in a new tab", () => {
    const html = customerShipmentHtml({
      ...timeline,
      provider: "shiprocket",
      courierName: 'Delhivery "Surface"',
      awb: "19041424751540",
    })!;
    expect(html).toContain('href="https://shiprocket.co/tracking/19041424751540" target="_blank"');
    expect(html).toContain("Delhivery &quot;Surface&quot;");
  });
});
