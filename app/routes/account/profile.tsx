import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, type ShouldRevalidateFunction, useSearchParams } from "react-router";
import type { ProfileActionData } from "~/components/account/action-data";
import { OrdersList } from "~/components/account/orders-list";
import { deferred } from "~/components/deferred";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useHydrated } from "~/components/use-hydrated";
import { formatMobile, isPlaceholderEmail, shownEmail } from "~/domain/mobile-number";
import { MESSAGE_CHANNEL_PHRASES, MESSAGE_CHANNELS } from "~/domain/order-messages";
import { awaitsCardPayment } from "~/domain/orders";
import { addressActionSchema, profileSchema } from "~/domain/validation/address";
import { orderHistoryOrder, orderHistoryPage } from "~/domain/validation/order-history";
import { messageConsentFormSchema } from "~/domain/validation/order-messages";
import { z } from "~/domain/zod";
import {
  actionFailure,
  actionSuccess,
  appErrorFailure,
  firstErrorMessage,
  refusal,
  runIntent,
} from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import {
  AddressError,
  AddressNotFoundError,
  deleteAddress,
  saveAddress,
  setDefaultAddress,
} from "~/modules/accounts/addresses.server";
import { listAddresses } from "~/modules/accounts/addresses-read.server";
import { signInNumberOf } from "~/modules/accounts/phone-sign-in.server";
import { ProfileNotFoundError, updateProfile } from "~/modules/accounts/profile.server";
import { requireUser } from "~/modules/accounts/session.server";
import {
  currentConsents,
  optIn,
  withdrawConsent,
} from "~/modules/notifications/message-consents.server";
import { channelEnabled, type Notifications } from "~/modules/notifications/notifications.server";
import { listCustomerOrders, orderHistoryPageOf } from "~/modules/orders/customer-orders.server";
import { OrderNotCancellableError, OrderNotFoundError } from "~/modules/orders/order-errors";
import { cardPaymentMode } from "~/modules/payments/gateway.server";
import { customerShipmentHtml } from "~/modules/shipping/customer-timeline.server";
import { shipmentTimelines } from "~/modules/shipping/shipments.server";
import type { ShopServices } from "~/services.server";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import type { Route } from "./+types/profile";

/** The profile form (Conform and its checks) loads apart from the page (docs/decisions/029). */
const ProfileForm = deferred(() =>
  import("~/components/account/profile-form").then((module) => module.ProfileForm),
);
/** The order-update choices: server-rendered forms, their code out of the first load too. */
const MessageConsents = deferred(() =>
  import("~/components/account/message-consents").then((module) => module.MessageConsents),
);
/** The Addresses tab: shown on request, so its code stays out of the first load too. */
const AddressBook = deferred(() =>
  import("~/components/account/address-book").then((module) => module.AddressBook),
);

export const meta: Route.MetaFunction = () => [
  { title: "My Account | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { value: "profile", label: "Profile" },
  { value: "orders", label: "Orders" },
  { value: "addresses", label: "Addresses" },
] as const;
type Tab = (typeof TABS)[number]["value"];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab.value === value)?.value ?? "profile";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const user = await requireUser(context.services.accounts, request);
  const query = new URL(request.url).searchParams;
  // An order mail's link names its order: open the page that holds it, however many came since.
  const mailedOrder = query.has("page") ? null : orderHistoryOrder(query.get("order"));
  const mailedPage = mailedOrder ? await orderHistoryPageOf(db, user.id, mailedOrder) : null;
  const page = mailedPage ?? orderHistoryPage(query.get("page"));
  const mobileOnly = isPlaceholderEmail(user.email);
  const [history, addresses, consents, signInNumber] = await Promise.all([
    listCustomerOrders(db, user.id, page),
    listAddresses(db, user.id),
    currentConsents(db, user.id),
    mobileOnly ? signInNumberOf(db, user.id) : null,
  ]);
  const timelines = await shipmentTimelines(
    db,
    history.orders.map((order) => order.id),
  );
  const now = new Date();
  const cardPaymentsOn = cardPaymentMode() !== "off";
  return {
    // An account made by mobile sign-in has only a placeholder address: it shows none, but the
    // number it signs in with and the way to add an address (docs/decisions/062).
    profile: { fullName: user.fullName, email: shownEmail(user.email), phone: user.phone },
    signInNumber: signInNumber ? formatMobile(signInNumber) : null,
    orders: history.orders.map((order) => ({
      ...order,
      awaitsPayment: cardPaymentsOn && awaitsCardPayment(order, now),
      shipmentHtml: customerShipmentHtml(timelines.get(order.id)),
    })),
    orderPages: history.pages,
    addresses,
    // docs/decisions/063: the channels the shop sends on, each on (since when) or off.
    messageConsents: MESSAGE_CHANNELS.filter((channel) =>
      channelEnabled(context.services.notifications, channel),
    ).map((channel) => ({
      channel,
      optedInAt:
        consents.find((consent) => consent.channel === channel)?.optedInAt.toISOString() ?? null,
    })),
  };
}

/**
 * Switching tabs or opening an address form needs no new data; every form post reloads it, except
 * the steps of a card payment before its confirmation: reloading mid-payment would unmount the
 * payment dialog.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  formData,
  defaultShouldRevalidate,
}) => {
  if (formAction === "/checkout/payment" && formData?.get("intent") !== "confirm") return false;
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    params.delete("address");
    params.delete("delete");
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

const cancelOrderSchema = z.object({
  intent: z.literal("cancel-order"),
  orderId: z.uuid({ error: "That order could not be found" }),
});

const CHECK_THE_FORM = "Please check the form";

/** Every answer of the page has the same shape, whichever form was sent. */
type Answer = Omit<ProfileActionData, "ok">;

/**
 * Every form of the page posts here with an `intent`, with or without JavaScript. Each one is
 * for the signed-in customer only, and touches only that customer's own rows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    "update-profile": () => updateProfileIntent(context.services, user.id, formData),
    "save-address": () => addressIntent(context.services, user.id, formData),
    "delete-address": () => addressIntent(context.services, user.id, formData),
    "default-address": () => addressIntent(context.services, user.id, formData),
    "cancel-order": () => cancelOrderIntent(context.services, user.id, formData),
    "message-consent": () =>
      messageConsentIntent(context.services, context.services.notifications, user.id, formData),
  });
}

/** docs/decisions/063: order updates on a channel turned on, or withdrawn, in one click. */
async function messageConsentIntent(
  services: ShopServices,
  notifications: Notifications,
  userId: string,
  formData: FormData,
) {
  const intent = "message-consent";
  const parsed = messageConsentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CHECK_THE_FORM;
    return actionFailure<Answer>(services.signer, refusal(message), { intent });
  }
  const { channel, choice } = parsed.data;
  if (!channelEnabled(notifications, channel)) {
    return actionFailure<Answer>(
      services.signer,
      refusal(
        `The shop does not send order updates ${MESSAGE_CHANNEL_PHRASES[channel]} at the moment`,
      ),
      { intent },
    );
  }
  if (choice === "opt-in") await optIn(services.db, userId, channel, "profile");
  else await withdrawConsent(services.db, userId, channel, "profile");
  return actionSuccess<Answer>(
    services.signer,
    {
      type: "success",
      title:
        choice === "opt-in"
          ? `Order updates ${MESSAGE_CHANNEL_PHRASES[channel]} are on`
          : `Order updates ${MESSAGE_CHANNEL_PHRASES[channel]} are off`,
    },
    { intent },
  );
}

/** docs/SPEC.md §8: 'Profile updated', or 'Update failed' with the message. */
async function updateProfileIntent(services: ShopServices, userId: string, formData: FormData) {
  const intent = "update-profile";
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, CHECK_THE_FORM);
    return actionFailure<Answer>(services.signer, refusal(message, { title: "Update failed" }), {
      intent,
      result: submission.reply(),
    });
  }
  try {
    await updateProfile(services.db, userId, submission.value);
  } catch (error) {
    if (!(error instanceof ProfileNotFoundError)) throw error;
    return appErrorFailure<Answer>(services.signer, error, { intent });
  }
  return actionSuccess<Answer>(
    services.signer,
    { type: "success", title: "Profile updated" },
    { intent },
  );
}

/** docs/SPEC.md §8: 'Address added', 'Address updated', 'Address deleted', 'Default address updated'. */
async function addressIntent(services: ShopServices, userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: addressActionSchema });
  const sentId = formData.get("addressId");
  const addressId = typeof sentId === "string" && sentId ? sentId : null;
  const intent = String(formData.get("intent"));
  if (submission.status !== "success") {
    return actionFailure<Answer>(
      services.signer,
      refusal(firstErrorMessage(submission.error, CHECK_THE_FORM)),
      {
        intent,
        addressId,
        result: submission.reply(),
      },
    );
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "save-address": {
        const saved = await saveAddress(services.db, userId, input);
        return actionSuccess<Answer>(
          services.signer,
          {
            type: "success",
            title: saved.status === "added" ? "Address added" : "Address updated",
          },
          { intent },
        );
      }
      case "delete-address":
        await deleteAddress(services.db, userId, input.addressId);
        return actionSuccess<Answer>(
          services.signer,
          { type: "success", title: "Address deleted" },
          { intent },
        );
      case "default-address":
        await setDefaultAddress(services.db, userId, input.addressId);
        return actionSuccess<Answer>(
          services.signer,
          { type: "success", title: "Default address updated" },
          { intent },
        );
    }
  } catch (error) {
    if (error instanceof AddressNotFoundError || error instanceof AddressError) {
      return appErrorFailure<Answer>(services.signer, error, { intent, addressId });
    }
    throw error;
  }
}

/** docs/DESIGN.md §6.16: the customer's own order, while it is pending or processing. */
async function cancelOrderIntent(services: ShopServices, userId: string, formData: FormData) {
  const intent = "cancel-order";
  const submission = parseWithZod(formData, { schema: cancelOrderSchema });
  if (submission.status !== "success") {
    return actionFailure<Answer>(
      services.signer,
      refusal(firstErrorMessage(submission.error, CHECK_THE_FORM)),
      {
        intent,
      },
    );
  }
  try {
    const { orderNumber } = await cancelOrderByCustomer(services.db, {
      userId,
      orderId: submission.value.orderId,
    });
    return actionSuccess<Answer>(
      services.signer,
      {
        type: "success",
        title: "Order cancelled",
        description: `Order ${orderNumber} has been cancelled`,
      },
      { intent },
    );
  } catch (error) {
    if (error instanceof OrderNotFoundError) {
      return actionFailure<Answer>(
        services.signer,
        refusal("That order could not be found", { status: 404 }),
        {
          intent,
        },
      );
    }
    if (error instanceof OrderNotCancellableError)
      return appErrorFailure<Answer>(services.signer, error, { intent });
    throw error;
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, signInNumber, orders, orderPages, addresses, messageConsents } = loaderData;
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const tab = tabOf(params.get("tab"));
  // The address form refused opens again; `in` leaves out the bare refusals runIntent answers.
  const failedSave =
    actionData &&
    !actionData.ok &&
    actionData.intent === "save-address" &&
    "addressId" in actionData
      ? actionData
      : null;
  const editing = params.get("address") ?? (failedSave ? (failedSave.addressId ?? "new") : null);
  const selectTab = (value: string) =>
    setParams({ tab: tabOf(value) }, { replace: true, preventScrollReset: true });
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl">My Account</h1>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            Sign Out
          </Button>
        </Form>
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="My Account sections">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value} asChild>
              {/* A link, so the tabs work before JavaScript loads and can be linked to; until
                  then each is reachable with the Tab key (arrow keys need JavaScript). */}
              <Link
                to={`?tab=${item.value}`}
                replace
                preventScrollReset
                {...(hydrated ? {} : { tabIndex: 0 })}
              >
                {item.label}
              </Link>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="pt-2">
          <div className="grid gap-6">
            <ProfileForm
              profile={profile}
              signInNumber={signInNumber}
              lastResult={
                actionData?.intent === "update-profile" && "result" in actionData
                  ? actionData.result
                  : null
              }
            />
            <MessageConsents consents={messageConsents} />
          </div>
        </TabsContent>
        <TabsContent value="orders" className="pt-2">
          <OrdersList orders={orders} pages={orderPages} />
        </TabsContent>
        <TabsContent value="addresses" className="pt-2">
          <AddressBook
            addresses={addresses}
            editing={editing}
            confirmingDelete={params.get("delete")}
            lastResult={failedSave?.result ?? null}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
