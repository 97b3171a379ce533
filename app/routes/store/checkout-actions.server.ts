import { data, redirect } from "react-router";
import type { CheckoutReply } from "~/components/checkout/checkout-fields";
import { totalChangedNotice } from "~/domain/checkout-pin";
import { readPinCode } from "~/domain/delivery-promise";
import { CARD_PAYMENTS_OFF_MESSAGE } from "~/domain/orders";
import type { checkoutSchema } from "~/domain/validation/checkout";
import { cashOnDeliverySwitchSchema } from "~/domain/validation/checkout";
import type { z } from "~/domain/zod";
import { actionFailure, refusal, respondWithProblem } from "~/lib/action-result.server";
import { logger } from "~/lib/logger.server";
import { rememberPinHeaders } from "~/lib/remembered-pin.server";
import { isDocumentRequest } from "~/lib/request-store.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { switchToCashOnDelivery } from "~/modules/orders/awaiting-payment.server";
import {
  CartLineProblemError,
  CashOnDeliveryUnavailableError,
  DeliveryUnavailableError,
  ExpressUnavailableError,
  OrderError,
  OrderNotFoundError,
} from "~/modules/orders/order-errors";
import { readQuote } from "~/modules/orders/quote.server";
import { cardPaymentMode, PaymentProviderError } from "~/modules/payments/gateway.server";
import { TooManyChecksError } from "~/modules/shipping/delivery-promise.server";
import type { Shipping } from "~/modules/shipping/shipping.server";
import type { ShopServices } from "~/services.server";
import { startCardPayment } from "~/workflows/card-payment.server";
import { offeredChannels } from "~/workflows/checkout-page.server";
import { type Priced, pricedAgain, pricedFor } from "~/workflows/checkout-pricing.server";
import { placeOrder } from "~/workflows/place-order.server";

/**
 * The checkout form's three answers (routes/store/checkout.tsx posts here): "Place Order", the
 * PIN code's "Check", and "Switch to Cash on Delivery" on an order awaiting its card payment.
 * Each calls a workflow or a service and answers with the page's data or a redirect and a toast.
 */

const ORDERS_TAB = "/profile?tab=orders";

/** The checkout form read whole by its schema, and its reply with what was sent. */
type PlacingSubmission = {
  value: z.output<typeof checkoutSchema>;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): CheckoutReply;
};

/** Placing's refusals about one field: the field they are shown beside, and the toast's title. */
const FIELD_REFUSALS = [
  [CashOnDeliveryUnavailableError, "paymentMethod", "Cash on delivery unavailable"],
  [DeliveryUnavailableError, "postalCode", "We don't deliver there yet"],
  [ExpressUnavailableError, "shippingMethod", "Express delivery unavailable"],
] as const;

/**
 * "Place Order": card payments switched off refuse a card order here, as the workflow would;
 * placing's refusals answer beside the field they are about, or back on the cart for a line that
 * cannot be bought. A cash order goes to the Orders tab; a card order opens its payment, or
 * without JavaScript waits in the Orders tab to be paid.
 */
export async function placeOrderAnswer(
  services: ShopServices,
  userId: string,
  formData: FormData,
  submission: PlacingSubmission,
) {
  const input = submission.value;
  const cardPayments = cardPaymentMode();
  if (input.paymentMethod === "razorpay" && cardPayments === "off") {
    const result = submission.reply({
      fieldErrors: { paymentMethod: [CARD_PAYMENTS_OFF_MESSAGE] },
    });
    return respondWithProblem(
      services.signer,
      refusal(CARD_PAYMENTS_OFF_MESSAGE, { title: "Card payments are off" }),
      { result },
    );
  }
  // What the page showed when it was priced; a forged or stale token reads as none.
  const quote = readQuote(services.signer, String(formData.get("quote") ?? ""));
  let order: Awaited<ReturnType<typeof placeOrder>>;
  try {
    order = await placeOrder(services.db, {
      shipping: services.shipping,
      userId,
      address: input,
      addressId: input.addressId,
      saveAddress: input.saveAddress,
      paymentMethod: input.paymentMethod,
      shippingMethod: input.shippingMethod,
      cardProvider: cardPayments === "off" ? null : cardPayments,
      idempotencyKey: input.idempotencyKey,
      messageChoices: Object.fromEntries(
        offeredChannels(services.notifications).map((channel) => [
          channel,
          channel === "whatsapp" ? input.whatsappUpdates : input.smsUpdates,
        ]),
      ),
      quote,
    });
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw data("Address not found", { status: 404 });
    for (const [refusedBy, field, title] of FIELD_REFUSALS) {
      if (!(error instanceof refusedBy)) continue;
      const result = submission.reply({ fieldErrors: { [field]: [error.message] } });
      return respondWithProblem(services.signer, refusal(error.message, { title }), { result });
    }
    if (error instanceof CartLineProblemError) {
      // The cart flags the line; with or without JavaScript the shopper reads which product it
      // was, in the words the refusal used, and not the cart's general "needs your attention".
      return redirectWithToast(services.signer, "/cart", {
        type: "error",
        title: error.title,
        description: error.message,
      });
    }
    if (error instanceof OrderError) {
      const again = await pricedAgain(services, userId, input.postalCode);
      const quoted = quote?.totals?.[input.shippingMethod];
      const total = again.repriced?.totalsByMethod[input.shippingMethod].total;
      if (total !== undefined && quoted !== undefined && total !== quoted) {
        // A total that moved since the page was priced is news, not a failure (decision 077).
        return data(
          {
            result: submission.reply(),
            notice: totalChangedNotice(input.postalCode, total),
            ...again,
          },
          { status: 409, headers: rememberedHeaders(services.shipping, input.postalCode) },
        );
      }
      // Kept beside "Place Order" too: the toast goes, and the shopper reads what to review.
      const result = submission.reply({ formErrors: [error.message] });
      return respondWithProblem(services.signer, error, { result, ...again });
    }
    throw error;
  }

  const headers = rememberedHeaders(services.shipping, input.postalCode);
  if (order.paymentMethod === "cod") {
    return redirectWithToast(
      services.signer,
      ORDERS_TAB,
      {
        type: "success",
        title: "Order placed successfully!",
        description: `Your order ${order.orderNumber} is confirmed.`,
      },
      { headers },
    );
  }
  if (isDocumentRequest()) {
    // Card checkout runs in the browser; without JavaScript the order waits in the Orders tab.
    return redirectWithToast(
      services.signer,
      ORDERS_TAB,
      {
        type: "info",
        title: "Order placed",
        description: `Pay for order ${order.orderNumber} by card from your orders within 30 minutes.`,
      },
      { headers },
    );
  }
  try {
    const payment = await startCardPayment(services.db, services.payments.card(), {
      userId,
      orderId: order.id,
    });
    return { payment };
  } catch (error) {
    logger.error({ err: error, order: order.orderNumber }, "opening the card payment failed");
    return redirectWithToast(services.signer, ORDERS_TAB, {
      type: "error",
      title: "Failed to create payment order",
      description:
        error instanceof PaymentProviderError || error instanceof OrderError
          ? `${error.message}. You can pay for order ${order.orderNumber} from your orders.`
          : `You can pay for order ${order.orderNumber} from your orders.`,
    });
  }
}

/** The PIN code an order or a check was for, remembered in the shopper's browser with a courier. */
function rememberedHeaders(shipping: Shipping, pin: string) {
  return shipping.promisesOn ? rememberPinHeaders(pin) : new Headers();
}

/**
 * "Check" (the form's PIN code button, which works without JavaScript): the page comes back
 * priced for the PIN code typed, the other fields as they were sent, and nothing is written.
 */
export async function checkPinAnswer(
  services: ShopServices,
  userId: string,
  formData: FormData,
  submission: { payload: Record<string, unknown> },
  mayAsk: () => Promise<string | null>,
) {
  const refusedPin = (message: string, status: number) =>
    data(
      {
        result: {
          status: "error",
          initialValue: submission.payload,
          error: { postalCode: [message] },
        } satisfies CheckoutReply as CheckoutReply,
      },
      { status },
    );
  const read = readPinCode(formData.get("postalCode"));
  if (!read.ok) return refusedPin(read.message, 400);
  const cart = await getCart(services.db, userId);
  if (cart.lines.length === 0) throw redirect("/checkout");
  // Limited like the pricing route and the product page's box (decision 061).
  let repriced: Priced;
  try {
    repriced = await pricedFor(services, cart, read.pin, { mayAsk });
  } catch (error) {
    if (!(error instanceof TooManyChecksError)) throw error;
    return refusedPin(error.message, 429);
  }
  if (repriced.delivery && !repriced.delivery.ok && repriced.delivery.status === 429) {
    return refusedPin(repriced.delivery.message, 429);
  }
  return data(
    { result: { initialValue: submission.payload } as CheckoutReply, repriced },
    { headers: rememberedHeaders(services.shipping, read.pin) },
  );
}

/**
 * "Switch to Cash on Delivery" on a card order awaiting payment (docs/decisions/050). A limit that
 * forbids it is answered on this page, which still shows the order; an order that was paid,
 * cancelled or ran out of time meanwhile is shown in the Orders tab, where its state is.
 */
export async function switchToCashOnDeliveryAnswer(
  services: ShopServices,
  userId: string,
  formData: FormData,
) {
  const parsed = cashOnDeliverySwitchSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request";
    return actionFailure(services.signer, refusal(message, { title: "Order failed" }));
  }
  try {
    const order = await switchToCashOnDelivery(services.db, {
      shipping: services.shipping,
      userId,
      orderId: parsed.data.orderId,
    });
    return redirectWithToast(services.signer, ORDERS_TAB, {
      type: "success",
      title: "Order placed successfully!",
      description: `Your order ${order.orderNumber} is confirmed. Pay in cash when it arrives.`,
    });
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw data("Order not found", { status: 404 });
    if (error instanceof CashOnDeliveryUnavailableError) {
      return actionFailure(
        services.signer,
        refusal(error.message, { title: "Cash on delivery unavailable" }),
      );
    }
    if (error instanceof OrderError) {
      return redirectWithToast(services.signer, ORDERS_TAB, {
        type: "error",
        title: "Payment method not changed",
        description: error.message,
      });
    }
    throw error;
  }
}
