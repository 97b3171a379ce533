import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import {
  Form,
  redirect,
  type ShouldRevalidateFunction,
  useNavigation,
  useRevalidator,
} from "react-router";
import { AddressFields } from "~/components/checkout/address-fields";
import { checkoutFields, firstRefusedControl } from "~/components/checkout/checkout-fields";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { ShippingOptions } from "~/components/checkout/shipping-options";
import { deferred } from "~/components/deferred";
import { Banknote, CreditCard } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { cartProblemsDescription } from "~/domain/cart-line-problems";
import { cashOnDeliveryAvailability } from "~/domain/cash-on-delivery";
import { CHECK_PIN_INTENT, checkingPinNotice } from "~/domain/checkout-pin";
import { CASH_ON_DELIVERY_INTENT } from "~/domain/orders";
import { DEFAULT_SHIPPING_METHOD, isShippingMethod, type ShippingMethod } from "~/domain/shipping";
import { joinAddressErrors, PIN_CODE } from "~/domain/validation/address-format";
import { checkoutSchema } from "~/domain/validation/checkout";
import { respondWithProblem } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { rememberedPinOf } from "~/lib/remembered-pin.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getCurrentUser, requireUser } from "~/modules/accounts/session.server";
import { courierChecksOf } from "~/modules/shipping/delivery-promise.server";
import { useRootData } from "~/root";
import { checkoutPage } from "~/workflows/checkout-page.server";
import type { Priced } from "~/workflows/checkout-pricing.server";
import type { Route } from "./+types/checkout";
import {
  checkPinAnswer,
  placeOrderAnswer,
  switchToCashOnDeliveryAnswer,
} from "./checkout-actions.server";

/** The card payment (its dialog, Razorpay's script, the toasts) loads apart from the page. */
const CardPayment = deferred(() =>
  import("~/components/checkout/card-payment").then((module) => module.CardPayment),
);

/** The order-update choices: plain checkboxes, rendered by the server, loaded apart. */
/** The saved addresses to ship to: plain links, rendered by the server, loaded apart. */
const SavedAddresses = deferred(() =>
  import("~/components/checkout/saved-addresses").then((module) => module.SavedAddresses),
);

const MessageConsentFields = deferred(() =>
  import("~/components/checkout/message-consent-fields").then(
    (module) => module.MessageConsentFields,
  ),
);

/** Shown only after a card payment was left unfinished, so it loads apart from the form too. */
const AwaitingPayment = deferred(() =>
  import("~/components/checkout/awaiting-payment").then((module) => module.AwaitingPayment),
);

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Satara Ayurveda" },
  { name: "description", content: "Delivery address and payment for your Satara Ayurveda order." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireUser(services.accounts, request);
  const page = await checkoutPage(services, user, {
    chosenId: new URL(request.url).searchParams.get("address"),
    // A new address starts from the PIN code the shopper last checked (docs/decisions/077).
    rememberedPin: services.shipping.promisesOn ? rememberedPinOf(request) : null,
  });
  if (page.view === "empty-cart") throw redirect("/cart");
  if (page.view === "needs-attention") {
    throw await redirectWithToast(services.signer, "/cart", {
      type: "error",
      title: "Some items need your attention",
      description: cartProblemsDescription(page.flagged),
    });
  }
  return page;
}

/**
 * While a card payment is open the cart is already empty, so reloading this page would replace
 * the form, and the payment dialog over it, by the order awaiting payment: neither the placed
 * order nor the dialog's own posts reload it; leaving the payment does. A refused post does
 * reload it (React Router would not, after a 4xx): a price that changed is then shown, and the
 * next "Place Order" is signed with what the page now shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  actionStatus,
  formAction,
  defaultShouldRevalidate,
}) => {
  if (formAction === "/checkout/payment") return false;
  if ((actionResult as { payment?: unknown } | undefined)?.payment) return false;
  if (formAction === "/checkout" && actionStatus !== undefined && actionStatus >= 400) return true;
  return defaultShouldRevalidate;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const user = await getCurrentUser(services.accounts, request);
  if (!user) {
    return redirectWithToast(services.signer, "/auth?redirectTo=/checkout", {
      type: "error",
      title: "Please sign in",
      description: "You need to be signed in to place an order",
    });
  }
  const formData = await readForm(request);
  if (formData.get("intent") === CASH_ON_DELIVERY_INTENT) {
    return switchToCashOnDeliveryAnswer(services, user.id, formData);
  }
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (formData.get("intent") === CHECK_PIN_INTENT) {
    const mayAsk = courierChecksOf(services.db, context.clientIp);
    return checkPinAnswer(services, user.id, formData, submission, mayAsk);
  }
  if (submission.status !== "success") {
    const message = joinAddressErrors(submission.error ?? {});
    return respondWithProblem(
      services.signer,
      { status: 400, title: "Invalid Address", message },
      { result: submission.reply() },
    );
  }
  return placeOrderAnswer(services, user.id, formData, submission);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "awaiting-payment") {
    return (
      <CheckoutPage>
        <AwaitingPayment {...loaderData} />
      </CheckoutPage>
    );
  }
  return <CheckoutForm loaderData={loaderData} actionData={actionData} />;
}

function CheckoutPage({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto grid max-w-7xl gap-8 px-4 py-10">
      <h1 className="font-display text-3xl">Checkout</h1>
      {children}
    </section>
  );
}

type CheckoutView = Extract<Route.ComponentProps["loaderData"], { view: "checkout" }>;

function CheckoutForm({
  loaderData,
  actionData,
}: {
  loaderData: CheckoutView;
  actionData: Route.ComponentProps["actionData"];
}) {
  const {
    cart,
    addresses,
    chosenAddressId,
    prefill,
    idempotencyKey,
    cardPayments,
    cashOnDelivery,
    messageChoices,
  } = loaderData;
  const navigation = useNavigation();
  // ("Check", the other submit of this form, is there only without JavaScript.)
  const placing = navigation.state === "submitting" && navigation.formAction === "/checkout";
  const payment = actionData && "payment" in actionData ? actionData.payment : null;
  const shopName = useRootData()?.shop.name ?? "";
  const formId = `checkout-${chosenAddressId ?? "new"}`;
  const reply = actionData && "result" in actionData ? actionData.result : null;
  const fields = checkoutFields(
    formId,
    { ...prefill, paymentMethod: "cod", shippingMethod: DEFAULT_SHIPPING_METHOD },
    reply,
  );
  const refusedOrder = reply?.error?.[""]?.join(" ");
  // A total that moved since the page was priced: said in a notice, not as a failure.
  const notice = (actionData as { notice?: string } | undefined)?.notice;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) firstRefusedControl(formRef.current, reply)?.focus();
  }, [reply]);
  const initialShipping = fields.shippingMethod.initialValue;
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>(
    isShippingMethod(initialShipping) ? initialShipping : DEFAULT_SHIPPING_METHOD,
  );
  // What the customer types decides whether cash on delivery is offered; the server decides again.
  const [postalCode, setPostalCode] = useState(String(fields.postalCode.initialValue ?? ""));
  // With a courier, the page is priced for the PIN code typed as it is typed (decision 077); a
  // refused order or "Check" comes back priced for the PIN code sent (decision 064).
  // A plain request, not a fetcher: a failed or slow answer (8 s at most) leaves the page as it
  // was, since the server prices the order anyway, rather than showing the route's error page.
  const [pricing, setPricing] = useState<{ pin: string; priced?: Priced | null }>();
  const priceFor = (pin: string) => {
    setPricing({ pin });
    // A refusal's answer ({ message }) carries no quote: the page stays priced as it was.
    const settle = (priced?: Priced) =>
      setPricing((now) =>
        now?.pin === pin ? { pin, priced: priced?.quote ? priced : null } : now,
      );
    fetch(`/api/checkout-price?pin=${pin}`, { signal: AbortSignal.timeout(8000) })
      .then((answer) => answer.json())
      .then(settle, () => settle());
  };
  const prices = [
    pricing?.priced,
    (actionData as { repriced?: Priced } | undefined)?.repriced,
    loaderData,
  ];
  const priced = prices.find((each) => each?.pin === postalCode) ?? loaderData;
  const current = priced.pin === postalCode;
  const { quote, totalsByMethod, delivery } = priced;
  const checking = pricing !== undefined && pricing.priced === undefined;
  const word = current && delivery?.ok ? delivery : null;
  // Where the courier quotes no faster service, express is not offered (docs/decisions/072).
  const express = word ? word.expressBy : undefined;
  const offeredMethod = express === null ? "standard" : shippingMethod;
  const shopCod = cashOnDeliveryAvailability(cashOnDelivery, {
    total: totalsByMethod[offeredMethod].total,
    postalCode,
  });
  const cod =
    shopCod.available && word?.ok && word.tone === "prepaid" && word.refusal
      ? { available: false as const, reason: word.refusal }
      : shopCod;
  const notServed = word?.ok && word.tone === "unserved" ? word.refusal : null;
  const cardOn = cardPayments !== "off";
  const [chosenPayment, setChosenPayment] = useState<"cod" | "razorpay">(
    fields.paymentMethod.initialValue === "razorpay" && cardOn ? "razorpay" : "cod",
  );
  const paymentMethod = !cod.available && cardOn ? "razorpay" : chosenPayment;
  // Leaving the payment closes it at once; the reload then shows the order awaiting payment.
  const [leftPayment, setLeftPayment] = useState<typeof payment>(null);
  const revalidator = useRevalidator();
  return (
    <CheckoutPage>
      <Form
        method="post"
        action="/checkout"
        id={formId}
        key={formId}
        ref={formRef}
        noValidate
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLInputElement && target.name === "postalCode") {
            const pin = target.value;
            setPostalCode(pin);
            if (
              loaderData.delivery &&
              PIN_CODE.test(pin) &&
              !prices.some((each) => each?.pin === pin)
            ) {
              priceFor(pin);
            }
          }
        }}
        className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="quote" value={quote} />
        {chosenAddressId ? <input type="hidden" name="addressId" value={chosenAddressId} /> : null}
        <div className="grid gap-8">
          <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-5">
            <legend className="px-1 font-display font-semibold text-xl">Shipping Address</legend>
            {addresses.length > 0 ? (
              <SavedAddresses addresses={addresses} chosenAddressId={chosenAddressId} />
            ) : null}
            <AddressFields
              fields={fields}
              disabled={placing}
              pinAction={
                // Without JavaScript "Check" prices the page for a typed PIN code; with it, the
                // page is priced as it is typed, and Enter in a field places the order as before.
                loaderData.delivery ? (
                  <noscript>
                    <Button type="submit" name="intent" value={CHECK_PIN_INTENT} variant="outline">
                      Check
                    </Button>
                  </noscript>
                ) : null
              }
            />
            {notServed ? (
              <p role="status" className="text-destructive text-sm">
                {notServed}
              </p>
            ) : null}
            {chosenAddressId ? null : (
              <div className="flex items-center gap-2">
                <Checkbox id="save-address" name="saveAddress" defaultChecked />
                <Label htmlFor="save-address">Save this address to my account</Label>
              </div>
            )}
          </fieldset>
          <div aria-busy={checking} className="grid gap-2 aria-busy:opacity-60">
            {loaderData.delivery ? (
              <p role="status" className="text-muted-foreground text-sm">
                {checking ? checkingPinNotice(postalCode) : null}
              </p>
            ) : null}
            <ShippingOptions
              totalsByMethod={totalsByMethod}
              selected={shippingMethod}
              onSelect={setShippingMethod}
              error={fields.shippingMethod.errors?.join(", ")}
              errorId={`${fields.shippingMethod.id}-error`}
              disabled={placing}
              standardBy={word?.by}
              expressBy={express === undefined ? (current ? priced.expressBy : null) : express}
              expressOffered={express !== null}
            />
          </div>
          <fieldset className="grid gap-3 rounded-xl border border-border bg-card p-5">
            <legend className="px-1 font-display font-semibold text-xl">Payment Method</legend>
            <PaymentOption
              value="cod"
              checked={paymentMethod === "cod"}
              onSelect={setChosenPayment}
              icon={<Banknote className="size-5" aria-hidden="true" />}
              title="Cash on Delivery"
              disabled={!cod.available && cardOn}
              description={cod.available ? "Pay in cash when your order arrives." : cod.reason}
              badge={cod.available ? undefined : "Unavailable"}
            />
            <PaymentOption
              value="razorpay"
              checked={paymentMethod === "razorpay"}
              onSelect={setChosenPayment}
              icon={<CreditCard className="size-5" aria-hidden="true" />}
              title="Card Payment (Razorpay)"
              disabled={!cardOn}
              description={
                cardPayments === "off"
                  ? "Card payments are switched off at the moment. Please choose Cash on Delivery."
                  : cardPayments === "test"
                    ? "Test mode: payments go to the built-in test gateway and no money is taken."
                    : "Pay securely by card through Razorpay."
              }
              badge={
                cardPayments === "off"
                  ? "Unavailable"
                  : cardPayments === "test"
                    ? "Test mode"
                    : undefined
              }
            />
            {fields.paymentMethod.errors?.length ? (
              <p id={`${fields.paymentMethod.id}-error`} className="text-destructive text-sm">
                {fields.paymentMethod.errors.join(", ")}
              </p>
            ) : null}
          </fieldset>
          <MessageConsentFields choices={messageChoices} disabled={placing} />
        </div>
        <CheckoutSummary
          cart={cart}
          totals={totalsByMethod[offeredMethod]}
          shippingMethod={offeredMethod}
        >
          {notice ? (
            <p role="status" className="font-medium text-sm">
              {notice}
            </p>
          ) : null}
          {refusedOrder ? (
            <p id="checkout-refusal" className="text-destructive text-sm">
              {refusedOrder}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={placing || checking || Boolean(payment)}
            aria-describedby={refusedOrder ? "checkout-refusal" : undefined}
          >
            {placing ? "Placing Order..." : "Place Order"}
          </Button>
        </CheckoutSummary>
      </Form>
      {payment && payment !== leftPayment ? (
        <CardPayment
          key={payment.providerOrderId}
          options={payment}
          shopName={shopName}
          onDismiss={() => {
            setLeftPayment(payment);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </CheckoutPage>
  );
}

function PaymentOption({
  value,
  checked,
  onSelect,
  icon,
  title,
  description,
  badge,
  disabled,
}: {
  value: "cod" | "razorpay";
  checked: boolean;
  onSelect: (value: "cod" | "razorpay") => void;
  disabled?: boolean;
  icon: React.ReactNode;
  title: string;
  description: string;
  badge?: string;
}) {
  const id = `payment-${value}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
    >
      <input
        id={id}
        type="radio"
        name="paymentMethod"
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        className="mt-1 size-4 accent-primary"
      />
      <span className="grid gap-1">
        <span className="flex items-center gap-2 font-medium">
          {icon} {title} {badge ? <Badge variant="warning">{badge}</Badge> : null}
        </span>
        <span id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </span>
      </span>
    </label>
  );
}
