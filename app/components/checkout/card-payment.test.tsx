// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, redirect, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckoutOptions } from "~/modules/payments/card-payments.server";
import { CardPayment } from "./card-payment";

const callback = {
  razorpay_order_id: "order_T3st0rder",
  razorpay_payment_id: "pay_T3stPayment",
  razorpay_signature: "f".repeat(64),
};

function options(mode: CheckoutOptions["mode"]): CheckoutOptions {
  return {
    mode,
    key: "rzp_test_key",
    orderId: "6c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
    orderNumber: "ORD-1764000000000",
    providerOrderId: callback.razorpay_order_id,
    amount: 104_900,
    currency: "INR",
    prefill: { name: "Asha Patil", contact: "9876543210" },
  };
}

/** How often the page was told the payment was closed unpaid. */
let dismissals = 0;
const onDismiss = () => {
  dismissals += 1;
};

function CheckoutPage() {
  return (
    <>
      <h1>Checkout</h1>
      <CardPayment
        options={useLoaderData<CheckoutOptions>()}
        shopName="Satara Ayurveda"
        onDismiss={onDismiss}
      />
    </>
  );
}

function OrdersPage() {
  return <h1>Your orders</h1>;
}

/**
 * The payment on a stub checkout page. The stub /checkout/payment answers like the server: the
 * test gateway's success carries the signed callback, a failure and a confirmation redirect to the
 * Orders tab.
 */
function renderPayment(mode: CheckoutOptions["mode"]) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    { path: "/checkout", Component: CheckoutPage, loader: () => options(mode) },
    {
      path: "/checkout/payment",
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        posted.push(form);
        if (form.intent === "test-gateway" && form.outcome === "success") {
          return { result: { outcome: "success", callback } };
        }
        return redirect("/profile?tab=orders");
      },
    },
    { path: "/profile", Component: OrdersPage },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return { posted, user: userEvent.setup() };
}

type FakeCheckout = {
  options: Record<string, unknown>;
  failed?: (response: { error?: { description?: string } }) => void;
  opened: boolean;
};

/** Stands in for Razorpay's checkout.js, recording how the page opened it. */
function fakeRazorpay() {
  const opened: FakeCheckout[] = [];
  window.Razorpay = class {
    record: FakeCheckout;
    constructor(options: Record<string, unknown>) {
      this.record = { options, opened: false };
      opened.push(this.record);
    }
    open() {
      this.record.opened = true;
    }
    on(_event: "payment.failed", handler: FakeCheckout["failed"]) {
      this.record.failed = handler;
    }
  };
  return opened;
}

afterEach(() => {
  cleanup();
  delete window.Razorpay;
  dismissals = 0;
});

describe("card payment with the test gateway", () => {
  it("is labelled as test mode and shows the order's amount", async () => {
    renderPayment("test");
    const dialog = await screen.findByRole("dialog", { name: /Card payment/ });
    expect(dialog.textContent).toContain("Test mode");
    expect(dialog.textContent).toContain("No money is taken");
    expect(dialog.textContent).toContain("Order ORD-1764000000000: ₹1,049.00.");
  });

  it("pays through the gateway, then posts the signed callback for the server to verify", async () => {
    const { posted, user } = renderPayment("test");
    await user.click(await screen.findByRole("button", { name: "Pay ₹1,049.00" }));
    expect(await screen.findByRole("heading", { name: "Your orders" })).toBeTruthy();
    expect(posted).toEqual([
      {
        intent: "test-gateway",
        orderId: options("test").orderId,
        providerOrderId: callback.razorpay_order_id,
        outcome: "success",
      },
      { intent: "confirm", orderId: options("test").orderId, ...callback },
    ]);
  });

  it("a simulated failure goes to the Orders tab and confirms nothing", async () => {
    const { posted, user } = renderPayment("test");
    await user.click(await screen.findByRole("button", { name: "Simulate failure" }));
    expect(await screen.findByRole("heading", { name: "Your orders" })).toBeTruthy();
    expect(posted.map((form) => [form.intent, form.outcome])).toEqual([
      ["test-gateway", "failure"],
    ]);
  });

  it("closing the dialog leaves the order unpaid, stays on the page and tells it", async () => {
    const { posted, user } = renderPayment("test");
    await screen.findByRole("dialog", { name: /Card payment/ });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dismissals).toBe(1));
    // The page closes the dialog by no longer showing it; this stub keeps it, over the page.
    expect(screen.getByRole("heading", { name: "Checkout", hidden: true })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your orders" })).toBeNull();
    expect(posted).toEqual([]);
  });
});

describe("card payment with Razorpay", () => {
  it("opens Razorpay's checkout for the server's provider order and amount", async () => {
    const opened = fakeRazorpay();
    renderPayment("razorpay");
    await waitFor(() => expect(opened[0]?.opened).toBe(true));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.options).toMatchObject({
      key: "rzp_test_key",
      amount: 104_900,
      currency: "INR",
      order_id: callback.razorpay_order_id,
      name: "Satara Ayurveda",
      description: "Order ORD-1764000000000",
      prefill: { name: "Asha Patil", contact: "9876543210" },
    });
  });

  it("posts Razorpay's success callback to the server, which decides", async () => {
    const opened = fakeRazorpay();
    const { posted } = renderPayment("razorpay");
    await waitFor(() => expect(opened[0]?.opened).toBe(true));
    (opened[0]!.options.handler as (response: typeof callback) => void)(callback);
    expect(await screen.findByRole("heading", { name: "Your orders" })).toBeTruthy();
    expect(posted).toEqual([
      { intent: "confirm", orderId: options("razorpay").orderId, ...callback },
    ]);
  });

  it("a failed payment goes to the Orders tab without posting", async () => {
    const opened = fakeRazorpay();
    const { posted } = renderPayment("razorpay");
    await waitFor(() => expect(opened[0]?.opened).toBe(true));
    opened[0]!.failed?.({ error: { description: "Card declined" } });
    expect(await screen.findByRole("heading", { name: "Your orders" })).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("a dismissed checkout stays on the page and tells it, without posting", async () => {
    const opened = fakeRazorpay();
    const { posted } = renderPayment("razorpay");
    await waitFor(() => expect(opened[0]?.opened).toBe(true));
    (opened[0]!.options.modal as { ondismiss: () => void }).ondismiss();
    expect(dismissals).toBe(1);
    expect(screen.getByRole("heading", { name: "Checkout" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your orders" })).toBeNull();
    expect(posted).toEqual([]);
  });
});
