import { useEffect, useRef } from "react";
import { useFetcher, useNavigate, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";
import { ShieldCheck } from "~/components/icons";
import { useNonce } from "~/components/nonce";
import { TitledDialog } from "~/components/titled-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { formatRupees } from "~/domain/money";
import type { CheckoutOptions } from "~/modules/payments/card-payments.server";

const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
const THEME_COLOUR = "#2f6b3a";

type Callback = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

type RazorpayInstance = {
  open(): void;
  on(
    event: "payment.failed",
    handler: (response: { error?: { description?: string } }) => void,
  ): void;
};
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

/**
 * Takes a card payment for an order the server already wrote: Razorpay's checkout when live, the
 * built-in test gateway's dialog otherwise. Either way the result is posted back to the server,
 * which verifies it; nothing here decides that an order is paid. Closed without paying, it calls
 * `onDismiss`: the page that opened it stays, and stops showing it (docs/decisions/050).
 */
export function CardPayment({
  options,
  shopName,
  onDismiss,
}: {
  options: CheckoutOptions;
  shopName: string;
  onDismiss: () => void;
}) {
  // A navigation, not a fetcher: its redirect to the Orders tab cannot be lost to a reload of
  // the page it started from.
  const submit = useSubmit();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitCallback = (callback: Callback) =>
    submit(
      { intent: "confirm", orderId: options.orderId, ...callback },
      { method: "post", action: "/checkout/payment" },
    );
  const leave = (title: string, description: string) => {
    toast.error(title, { description });
    navigate("/profile?tab=orders");
  };
  if (options.mode === "test") {
    return (
      <TestGatewayDialog
        options={options}
        onSuccess={submitCallback}
        onClose={onDismiss}
        confirming={navigation.state !== "idle"}
      />
    );
  }
  return (
    <RazorpayCheckout
      options={options}
      shopName={shopName}
      onSuccess={submitCallback}
      onFailure={(message) => leave("Payment failed", message)}
      onDismiss={onDismiss}
    />
  );
}

function RazorpayCheckout({
  options,
  shopName,
  onSuccess,
  onFailure,
  onDismiss,
}: {
  options: CheckoutOptions;
  shopName: string;
  onSuccess: (callback: Callback) => void;
  onFailure: (message: string) => void;
  onDismiss: () => void;
}) {
  const nonce = useNonce();
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per payment order
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    loadScript(RAZORPAY_SCRIPT, nonce)
      .then(() => {
        if (!window.Razorpay) throw new Error("missing");
        const checkout = new window.Razorpay({
          key: options.key,
          amount: options.amount,
          currency: options.currency,
          order_id: options.providerOrderId,
          name: shopName,
          description: `Order ${options.orderNumber}`,
          prefill: options.prefill,
          theme: { color: THEME_COLOUR },
          handler: onSuccess,
          modal: { ondismiss: onDismiss },
        });
        checkout.on("payment.failed", (response) =>
          onFailure(response.error?.description ?? "The payment did not go through"),
        );
        checkout.open();
      })
      .catch(() =>
        toast.error("Payment Error", {
          description: "Razorpay SDK failed to load. Please check your connection and try again.",
        }),
      );
  }, [options.providerOrderId]);
  return null;
}

function loadScript(src: string, nonce: string | undefined) {
  return new Promise<void>((resolve, reject) => {
    if (window.Razorpay) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.body.appendChild(script);
  });
}

type TestGatewayData = { result?: { outcome: "success"; callback: Callback } };

/** docs/DESIGN.md §6.8: the test gateway's checkout, clearly labelled; no money moves. */
function TestGatewayDialog({
  options,
  onSuccess,
  onClose,
  confirming,
}: {
  options: CheckoutOptions;
  onSuccess: (callback: Callback) => void;
  onClose: () => void;
  confirming: boolean;
}) {
  const gateway = useFetcher<TestGatewayData>();
  const result = gateway.data?.result;
  const settled = gateway.state === "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the gateway's answer only
  useEffect(() => {
    // A failure comes back as a redirect to the Orders tab, which the router follows itself. A
    // success is confirmed by a navigation, started only once the fetcher's own revalidation is
    // over: a revalidation finishing after the navigation's redirect would keep the page here.
    if (settled && result?.outcome === "success") onSuccess(result.callback);
  }, [result, settled]);
  const busy = gateway.state !== "idle" || confirming || result !== undefined;
  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      titleClassName="flex items-center gap-2"
      title={
        <>
          <ShieldCheck className="size-5" aria-hidden="true" /> Card payment
          <Badge variant="warning">Test mode</Badge>
        </>
      }
      description={`This shop has no Razorpay keys yet, so payments go to the built-in test gateway. No money is taken. Order ${options.orderNumber}: ${formatRupees(options.amount)}.`}
    >
      <gateway.Form method="post" action="/checkout/payment">
        <input type="hidden" name="intent" value="test-gateway" />
        <input type="hidden" name="orderId" value={options.orderId} />
        <input type="hidden" name="providerOrderId" value={options.providerOrderId} />
        <DialogFooter>
          <Button type="submit" name="outcome" value="failure" variant="outline" disabled={busy}>
            Simulate failure
          </Button>
          <Button type="submit" name="outcome" value="success" disabled={busy}>
            {busy ? "Processing..." : `Pay ${formatRupees(options.amount)}`}
          </Button>
        </DialogFooter>
      </gateway.Form>
    </TitledDialog>
  );
}
