import { data } from "react-router";
import { CARD_PAYMENTS_OFF_MESSAGE } from "~/domain/orders";
import { paymentActionSchema } from "~/domain/validation/payment";
import { actionFailure, appErrorFailure, refusal } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { logger } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { OrderError, OrderNotFoundError } from "~/modules/orders/order-errors";
import { findOwnPayment, PaymentVerificationError } from "~/modules/payments/card-payments.server";
import { cardPaymentMode, PaymentProviderError } from "~/modules/payments/gateway.server";
import { confirmCardPayment, startCardPayment } from "~/workflows/card-payment.server";
import { completeTestPayment } from "~/workflows/test-payment.server";
import type { Route } from "./+types/checkout-payment";

const ORDERS_TAB = "/profile?tab=orders";

/**
 * The card payment endpoint: open a payment for an order ("start"), take Razorpay's success
 * callback ("confirm"), and, in test mode only, act as the gateway ("test-gateway").
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const user = await getCurrentUser(context.services.accounts, request);
  if (!user) {
    return redirectWithToast(context.services.signer, "/auth", {
      type: "error",
      title: "Please sign in",
      description: "You need to be signed in to pay for an order",
    });
  }
  const parsed = paymentActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request";
    return actionFailure(context.services.signer, refusal(message, { title: "Payment Error" }));
  }
  const input = parsed.data;
  if (cardPaymentMode() === "off") {
    return actionFailure(
      context.services.signer,
      refusal(CARD_PAYMENTS_OFF_MESSAGE, { status: 403, title: "Card payments are off" }),
    );
  }
  const gateway = context.services.payments.card();
  try {
    switch (input.intent) {
      case "start": {
        const payment = await startCardPayment(db, gateway, {
          userId: user.id,
          orderId: input.orderId,
        });
        return { payment };
      }
      case "confirm": {
        const result = await confirmCardPayment(db, gateway, {
          userId: user.id,
          orderId: input.orderId,
          providerOrderId: input.razorpay_order_id,
          paymentId: input.razorpay_payment_id,
          signature: input.razorpay_signature,
        });
        if (result.orderCancelled) {
          // Paid after the payment window closed: the stock went back, so the money must too.
          return redirectWithToast(context.services.signer, ORDERS_TAB, {
            type: "error",
            title: "Order was cancelled",
            description: `Order ${result.orderNumber} was cancelled before the payment arrived. Your payment will be refunded.`,
          });
        }
        return redirectWithToast(context.services.signer, ORDERS_TAB, {
          type: "success",
          title: "Payment Successful!",
          description: `Order ${result.orderNumber} is paid. Thank you!`,
        });
      }
      case "test-gateway": {
        if (gateway.mode !== "test") throw new OrderNotFoundError("Not found");
        const payment = await findOwnPayment(db, {
          userId: user.id,
          orderId: input.orderId,
          providerOrderId: input.providerOrderId,
        });
        const result = await completeTestPayment(db, gateway, {
          providerOrderId: payment.providerOrderId,
          amount: payment.amount,
          outcome: input.outcome,
        });
        if (result.outcome === "failure") {
          return redirectWithToast(context.services.signer, ORDERS_TAB, {
            type: "error",
            title: "Payment failed",
            description: `${result.error.description}. You can try again from your orders.`,
          });
        }
        return { result };
      }
    }
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw data("Order not found", { status: 404 });
    if (error instanceof PaymentProviderError) {
      logger.error({ err: error }, "creating the payment order failed");
      return appErrorFailure(context.services.signer, error);
    }
    if (error instanceof PaymentVerificationError) {
      // The confirmation is a page navigation, so its outcome is always a page: the Orders tab.
      return redirectWithToast(context.services.signer, ORDERS_TAB, {
        type: "error",
        title: "Order Creation Failed",
        description: error.message,
      });
    }
    if (error instanceof OrderError && input.intent === "confirm") {
      return redirectWithToast(context.services.signer, ORDERS_TAB, {
        type: "error",
        title: "Order Creation Failed",
        description: error.message,
      });
    }
    if (error instanceof OrderError)
      return appErrorFailure(context.services.signer, error, {}, { title: "Payment Error" });
    throw error;
  }
}
