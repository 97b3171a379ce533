// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ShippingOptions } from "./shipping-options";

/** docs/decisions/072: Express only where the courier quotes a faster service. */

const TOTALS = {
  standard: { subtotal: 40_000, discount: 0, shipping: 5_000, total: 45_000 },
  express: { subtotal: 40_000, discount: 0, shipping: 15_000, total: 55_000 },
};

function options(props: Partial<Parameters<typeof ShippingOptions>[0]> = {}) {
  return render(
    <ShippingOptions
      totalsByMethod={TOTALS}
      selected="standard"
      onSelect={() => {}}
      errorId="shipping-error"
      {...props}
    />,
  );
}

afterEach(cleanup);

describe("the checkout's delivery options", () => {
  it("read as before without a courier: Express in 2-3 days for ₹150", () => {
    options();
    expect(screen.getByRole("radio", { name: /Standard delivery/ })).toBeTruthy();
    const express = screen.getByRole("radio", { name: /Express delivery/ });
    expect(document.getElementById(express.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Delivery in 2-3 days. Order total ₹550.00.",
    );
  });

  it("name the days promised where the courier gives them", () => {
    options({ standardBy: "Mon, 7 Dec", expressBy: "Sat, 5 Dec" });
    const express = screen.getByRole("radio", { name: /Express delivery/ });
    expect(document.getElementById(express.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Delivery by Sat, 5 Dec. Order total ₹550.00.",
    );
  });

  it("leave Express out where no faster service goes, Standard chosen even if Express was", () => {
    options({ expressOffered: false, selected: "express", standardBy: "Mon, 7 Dec" });
    expect(screen.queryByRole("radio", { name: /Express delivery/ })).toBeNull();
    const standard = screen.getByRole("radio", { name: /Standard delivery/ }) as HTMLInputElement;
    expect(standard.checked).toBe(true);
  });

  it("say why an express order was refused under the options", () => {
    options({ expressOffered: false, error: "Express delivery is not available" });
    expect(screen.getByText("Express delivery is not available")).toBeTruthy();
  });
});
