import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { InputField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  ORDER_MESSAGE_EVENT_LABELS,
  ORDER_MESSAGE_EVENTS,
  type OrderMessageEvent,
  SERVICE_MESSAGE_EVENTS,
  TEMPLATE_EVENT_LABELS,
  TEMPLATE_EVENTS,
} from "~/domain/order-messages";
import { recallSmsForRegistration } from "~/domain/recall-message";
import { SMS_SEGMENT_SEPTETS } from "~/domain/sms-text";
import { messageSettingsFormSchema, templateField } from "~/domain/validation/order-messages";
import { readForm } from "~/lib/form-data.server";
import { saveSettingsForm } from "~/lib/settings-save.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  getMessageSettings,
  updateMessageSettings,
} from "~/modules/notifications/message-settings.server";
import { channelEnabled } from "~/modules/notifications/notifications.server";
import { smsTemplatesForRegistration } from "~/modules/orders/order-message-texts.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/message-settings";

export const meta: Route.MetaFunction = () => [
  { title: "Message settings | Admin | Satara Ayurveda" },
];

const FIELD_LABELS: Record<string, string> = {
  templates: "Templates",
  smsSenderId: "SMS Sender ID",
  whatsappLanguage: "WhatsApp Template Language",
  orderMessagesPerHour: "Order Messages per Hour",
  smsSignInTemplateId: "Sign-in code template ID (MSG91)",
  smsCodesPerHour: "Sign-in codes per hour (whole shop)",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const [settings, shop] = await Promise.all([getMessageSettings(db), getSettings(db)]);
  const templates = Object.fromEntries(
    TEMPLATE_EVENTS.flatMap((event) =>
      MESSAGE_CHANNELS.map((channel) => [
        templateField(channel, event),
        settings.templates[event][channel],
      ]),
    ),
  ) as Record<ReturnType<typeof templateField>, string>;
  return {
    settings: {
      ...templates,
      smsSenderId: settings.smsSenderId,
      whatsappLanguage: settings.whatsappLanguage,
      orderMessagesPerHour: String(settings.orderMessagesPerHour),
      smsSignInTemplateId: settings.smsSignInTemplateId ?? "",
      smsCodesPerHour: String(settings.smsCodesPerHour),
    },
    channels: Object.fromEntries(
      MESSAGE_CHANNELS.map((channel) => [
        channel,
        channelEnabled(context.services.notifications, channel),
      ]),
    ) as Record<(typeof MESSAGE_CHANNELS)[number], boolean>,
    // docs/decisions/070: the SMS texts as the owner registers them on DLT.
    smsTexts: Object.fromEntries(
      smsTemplatesForRegistration(shop.shopName).map((template) => [template.event, template]),
    ) as Record<OrderMessageEvent, ReturnType<typeof smsTemplatesForRegistration>[number]>,
    recallSms: recallSmsForRegistration(shop.shopName),
    savedAt: settings.updatedAt.getTime(),
  };
}

/** What the owner registers on DLT for a step's SMS, under its template id field. */
function dltDescription(sms: { dltText: string; variables: string[]; longest: number | null }) {
  const length =
    sms.longest !== null && sms.longest <= SMS_SEGMENT_SEPTETS
      ? `At most ${sms.longest} of ${SMS_SEGMENT_SEPTETS} characters.`
      : `Longer than one SMS of ${SMS_SEGMENT_SEPTETS} characters: shorten the shop's name or web address.`;
  return `Register on DLT: ${sms.dltText} \u2014 MSG91 variables in order: ${sms.variables.join(", ")}. ${length}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: messageSettingsFormSchema });
  return saveSettingsForm(context.services.signer, submission, {
    title: "Message settings saved",
    save: (value) => updateMessageSettings(context.services.db, admin.id, value),
    label: (field) => FIELD_LABELS[field] ?? field,
  });
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display font-semibold text-lg">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/**
 * docs/decisions/063: how order updates go out by SMS and WhatsApp: each step's template per
 * channel, the SMS sender id, the WhatsApp templates' language and the shop-wide hourly cap;
 * and the sign-in code SMS's template and hourly cap (docs/decisions/062).
 */
export default function MessageSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, channels, smsTexts, savedAt } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: `message-settings-${savedAt}`,
    lastResult: actionData?.ok === false ? actionData.result : null,
    defaultValue: settings,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSettingsFormSchema }),
  });
  const off = MESSAGE_CHANNELS.filter((channel) => !channels[channel]);
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Message settings"
        description="Order updates by SMS and WhatsApp, sent only to customers who chose them"
      />
      {off.length > 0 ? (
        <p className="max-w-4xl text-muted-foreground text-sm">
          {off.map((channel) => MESSAGE_CHANNEL_LABELS[channel]).join(" and ")}{" "}
          {off.length > 1 ? "are" : "is"} switched off in the shop's configuration: customers are
          not offered {off.length > 1 ? "them" : "it"}.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid max-w-4xl gap-6">
        <Section
          title="Templates"
          description="An SMS is one message of 160 plain characters: register each step's text on DLT exactly as shown under its field, each {#var#} a value of at most 30 characters (the order number, the step's detail: the total, the tracking ID, the cash to keep ready or the refund, and the 8 characters of the order's link). An SMS without its DLT template id is not sent through MSG91. A WhatsApp template gets four values: {{1}} the customer's name, {{2}} the order number, {{3}} the step's detail and {{4}} the link to the order."
        >
          {ORDER_MESSAGE_EVENTS.map((event) =>
            MESSAGE_CHANNELS.map((channel) => (
              <InputField
                key={templateField(channel, event)}
                meta={fields[templateField(channel, event)]}
                label={`${ORDER_MESSAGE_EVENT_LABELS[event]}: ${channel === "sms" ? "SMS DLT Template ID" : "WhatsApp Template Name"}`}
                inputMode={channel === "sms" ? "numeric" : undefined}
                description={channel === "sms" ? dltDescription(smsTexts[event]) : undefined}
                spellCheck={false}
              />
            )),
          )}
        </Section>
        <Section
          title="Batch recall"
          description="A recall goes by SMS to every customer who received the batch, and on WhatsApp to those who opted in. Its template gets four values: {{1}} the item, {{2}} the batch, {{3}} the shop's phone and {{4}} the shop's name. Its SMS has the first three as the MSG91 variables item, batch and phone, and the shop's name as its own text."
        >
          {SERVICE_MESSAGE_EVENTS.map((event) =>
            MESSAGE_CHANNELS.map((channel) => (
              <InputField
                key={templateField(channel, event)}
                meta={fields[templateField(channel, event)]}
                label={`${TEMPLATE_EVENT_LABELS[event]}: ${channel === "sms" ? "SMS DLT Template ID" : "WhatsApp Template Name"}`}
                inputMode={channel === "sms" ? "numeric" : undefined}
                description={channel === "sms" ? dltDescription(loaderData.recallSms) : undefined}
                spellCheck={false}
              />
            )),
          )}
        </Section>
        <Section title="Sending" description="Who the messages come from, and how many may go out.">
          <InputField
            meta={fields.smsSenderId}
            label="SMS Sender ID"
            description="The 6-letter header registered on DLT. Leave empty to use the one the shop was configured with."
            autoCapitalize="characters"
            spellCheck={false}
          />
          <InputField
            meta={fields.whatsappLanguage}
            label="WhatsApp Template Language"
            description="As WhatsApp names it, such as en, en_US or hi."
            spellCheck={false}
          />
          <InputField
            meta={fields.orderMessagesPerHour}
            label="Order Messages per Hour"
            inputMode="numeric"
            description="The most order messages the shop sends in any hour, SMS and WhatsApp together; the rest wait for the next hour. Sign-in codes are not counted."
          />
        </Section>
        <Section
          title="Sign-in codes"
          description="The SMS that carries a customer's sign-in code. Both apply whichever way the shop sends SMS, so they can be set before switching to MSG91."
        >
          <InputField
            meta={fields.smsSignInTemplateId}
            label="Sign-in code template ID (MSG91)"
            description="The DLT template id of the sign-in code SMS, with the code as its variable OTP. Through MSG91 no code is sent without it."
            inputMode="numeric"
            spellCheck={false}
          />
          <InputField
            meta={fields.smsCodesPerHour}
            label="Sign-in codes per hour (whole shop)"
            inputMode="numeric"
            description="The most sign-in codes the shop sends in any hour to new numbers, and again to numbers customers sign in with, each kept apart; each one costs money. Past it, those who ask are told to try again later."
          />
        </Section>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Message Settings"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
