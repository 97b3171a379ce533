import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SalesChart } from "./sales-chart";

const days = [
  { day: "2026-03-30", revenue: 104900, orders: 1 },
  { day: "2026-03-31", revenue: 0, orders: 0 },
];

describe("sales chart on the server", () => {
  // The browser renders these texts; an empty one on the server is a hydration error (#418).
  it("writes the chart's title and each day's title in the HTML", () => {
    const html = renderToString(<SalesChart days={days} />);
    expect(html).toContain(
      '<title id="sales-chart-title">Revenue and orders per day, last 2 days</title>',
    );
    expect(html).toContain("<title>Mar 30, 2026: ₹1,049.00, 1 order</title>");
    expect(html).toContain("<title>Mar 31, 2026: ₹0.00, 0 orders</title>");
  });
});
