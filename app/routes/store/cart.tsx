import { data } from "react-router";
import { CartContents } from "~/components/cart/cart-contents";
import { deferred } from "~/components/deferred";
import { cartAddedMessage } from "~/domain/cart-added";
import { appliedMessage, COUPON_MESSAGES } from "~/domain/coupons";
import { cartActionSchema } from "~/domain/validation/cart";
import { actionFailure, actionSuccess, appErrorFailure } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { rememberedPinOf, rememberPinHeaders } from "~/lib/remembered-pin.server";
import type { Signer } from "~/lib/signer.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  getCurrentUser,
  getShopper,
  requireUser,
  safeRedirectPath,
} from "~/modules/accounts/session.server";
import {
  addToCart,
  applyCoupon,
  CartError,
  clearCart,
  removeCoupon,
  removeLine,
  setLineQuantity,
} from "~/modules/cart/cart.server";
import { getCart, withShippingAtCheckout } from "~/modules/cart/cart-view.server";
import { rememberPendingAdd } from "~/modules/cart/pending-add.server";
import { courierChecksOf } from "~/modules/shipping/delivery-promise.server";
import { courierFeesOn } from "~/modules/shipping/shipping-fees.server";
import type { ShopServices } from "~/services.server";
import type { Route } from "./+types/cart";

/** The product page's "Check delivery", the same box and code, loaded apart (decision 077). */
const DeliveryCheck = deferred(() =>
  import("~/components/product/delivery-check").then((module) => module.DeliveryCheck),
);

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart | Satara Ayurveda" },
  {
    name: "description",
    content: "The products in your Satara Ayurveda cart, their quantities, coupon and total.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const user = await requireUser(context.services.accounts, request);
  const promises = context.services.shipping.promisesOn;
  // "Check delivery" asked without JavaScript (`?pin=`), as on the product page (decision 077).
  const pin = promises ? new URL(request.url).searchParams.get("pin") : null;
  const [cart, courierFees, answer, defaultPin] = await Promise.all([
    getCart(db, user.id),
    courierFeesOn(context.services.shipping),
    pin === null
      ? null
      : context.services.shipping.checkDelivery(pin, {
          mayAsk: courierChecksOf(db, context.clientIp),
        }),
    promises
      ? getShopper(context.services.accounts, request).then(
          (shopper) => shopper?.defaultPin ?? null,
        )
      : null,
  ]);
  return data(
    {
      cart: courierFees ? withShippingAtCheckout(cart) : cart,
      deliveryCheck: promises ? { answer, prefill: defaultPin ?? rememberedPinOf(request) } : null,
    },
    { headers: answer?.ok ? rememberPinHeaders(answer.pin) : undefined },
  );
}

/** The remembered PIN code's cookie, after a check without JavaScript. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * After a change the applied coupon is checked again (docs/SPEC.md §5); if it no longer holds it is taken
 * off, and that is what the customer needs to hear.
 */
async function respondAfterChange(services: ShopServices, userId: string, toast: Toast) {
  const cart = await getCart(services.db, userId);
  return actionSuccess(
    services.signer,
    cart.couponDropped ? { type: "info", ...cart.couponDropped } : toast,
  );
}

/**
 * The one cart endpoint (Hydrogen's pattern): every cart form on the site posts here, with or
 * without JavaScript. docs/SPEC.md §6: visitors are sent to /auth.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const user = await getCurrentUser(context.services.accounts, request);
  const form = Object.fromEntries(await readForm(request));
  const parsed = cartActionSchema.safeParse(form);
  if (!user) {
    return redirectToSignIn(
      context.services.signer,
      parsed.success && parsed.data.intent === "add" ? parsed.data : null,
    );
  }
  if (!parsed.success) {
    return actionFailure(context.services.signer, {
      status: 400,
      title: "Could not update the cart",
      message: parsed.error.issues[0]?.message,
    });
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "add": {
        const result = await addToCart(db, {
          userId: user.id,
          productId: input.productId,
          variantId: input.variantId,
          quantity: input.quantity,
        });
        return respondAfterChange(context.services, user.id, {
          type: "success",
          ...cartAddedMessage(result),
        });
      }
      case "set-quantity": {
        const result = await setLineQuantity(db, {
          userId: user.id,
          variantId: input.variantId,
          quantity: input.quantity,
        });
        if (result.status === "ignored") return data({ ok: true });
        return respondAfterChange(
          context.services,
          user.id,
          result.status === "capped"
            ? { type: "info", title: "Cart updated", description: result.reason }
            : { type: "success", title: "Cart updated" },
        );
      }
      case "remove":
        await removeLine(db, user.id, input.variantId);
        return respondAfterChange(context.services, user.id, {
          type: "success",
          title: "Removed from cart",
        });
      case "clear":
        await clearCart(db, user.id);
        return actionSuccess(context.services.signer, { type: "success", title: "Cart cleared" });
      case "apply-coupon": {
        const result = await applyCoupon(db, user.id, input.code);
        if (!result.ok) {
          const { title, description } = result.message;
          return actionFailure(context.services.signer, {
            status: 400,
            title,
            message: description,
          });
        }
        return actionSuccess(context.services.signer, {
          type: "success",
          ...appliedMessage(result.discount),
          confetti: true,
        });
      }
      case "remove-coupon":
        await removeCoupon(db, user.id);
        return actionSuccess(context.services.signer, {
          type: "success",
          title: COUPON_MESSAGES.removed.title,
        });
    }
  } catch (error) {
    if (error instanceof CartError) return appErrorFailure(context.services.signer, error);
    throw error;
  }
}

/**
 * docs/SPEC.md §6 sends a visitor to /auth; the add waits in a cookie and the visitor comes back to the
 * page they were on once signed in (docs/decisions/021).
 */
async function redirectToSignIn(
  signer: Signer,
  add: { productId: string; variantId?: string; quantity: number; redirectTo?: string } | null,
) {
  const headers = add
    ? await rememberPendingAdd(signer, {
        productId: add.productId,
        variantId: add.variantId,
        quantity: add.quantity,
      })
    : new Headers();
  const back = safeRedirectPath(add?.redirectTo, "");
  return redirectWithToast(
    signer,
    back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth",
    {
      type: "error",
      title: "Please sign in first",
      description: "You need to be signed in to add items to cart",
    },
    { headers },
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, deliveryCheck } = loaderData;
  return (
    <CartContents
      cart={cart}
      deliveryCheck={
        deliveryCheck ? (
          <DeliveryCheck
            answer={deliveryCheck.answer}
            size={null}
            prefill={deliveryCheck.prefill}
          />
        ) : null
      }
    />
  );
}
