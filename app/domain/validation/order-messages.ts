import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  TEMPLATE_EVENTS,
  type TemplateEvent,
} from "../order-messages";
import { z } from "../zod";
import { singleLineText } from "./text";

export const MESSAGE_SETTINGS_MESSAGES = {
  dltTemplateId: "An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it",
  whatsappTemplate:
    "A WhatsApp template name is up to 512 lower-case letters, digits and underscores",
  senderId: "The SMS sender id is the 6 letters of the header registered on DLT, such as SATAYU",
  language: "Enter the template language as WhatsApp names it, such as en, en_US or hi",
  cap: "The hourly cap is a whole number from 1 to 100000",
  signInCap: "Sign-in codes per hour is a whole number from 1 to 100000, in digits only",
} as const;

/** The form field of one event's template on one channel ("sms_order-shipped"). */
export function templateField(channel: MessageChannel, event: TemplateEvent) {
  return `${channel}_${event}` as const;
}

const dltTemplateId = singleLineText()
  .trim()
  .regex(/^([A-Za-z0-9]{1,40})?$/, { error: MESSAGE_SETTINGS_MESSAGES.dltTemplateId });
const whatsappTemplate = singleLineText()
  .trim()
  .regex(/^([a-z0-9_]{1,512})?$/, { error: MESSAGE_SETTINGS_MESSAGES.whatsappTemplate });

const templateShape = Object.fromEntries(
  TEMPLATE_EVENTS.flatMap((event) => [
    [templateField("sms", event), dltTemplateId.default("")],
    [templateField("whatsapp", event), whatsappTemplate.default("")],
  ]),
) as Record<ReturnType<typeof templateField>, z.ZodDefault<typeof dltTemplateId>>;

/** Per event: its SMS DLT template id and its WhatsApp template name ("" when none is set). */
export type MessageTemplates = Record<TemplateEvent, Record<MessageChannel, string>>;

/**
 * The back office's message settings (docs/decisions/063): a template per event per channel, the
 * SMS sender id, the WhatsApp templates' language and the shop-wide hourly cap on order messages;
 * and the sign-in code's MSG91 template and the shop-wide hourly cap on sign-in codes (062).
 */
export const messageSettingsFormSchema = z
  .object({
    ...templateShape,
    smsSenderId: singleLineText()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{6})?$/, { error: MESSAGE_SETTINGS_MESSAGES.senderId })
      .default(""),
    whatsappLanguage: singleLineText({ error: MESSAGE_SETTINGS_MESSAGES.language })
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: MESSAGE_SETTINGS_MESSAGES.language }),
    orderMessagesPerHour: z.coerce
      .number({ error: MESSAGE_SETTINGS_MESSAGES.cap })
      .int({ error: MESSAGE_SETTINGS_MESSAGES.cap })
      .min(1, { error: MESSAGE_SETTINGS_MESSAGES.cap })
      .max(100_000, { error: MESSAGE_SETTINGS_MESSAGES.cap }),
    smsSignInTemplateId: dltTemplateId.default(""),
    smsCodesPerHour: singleLineText({ error: MESSAGE_SETTINGS_MESSAGES.signInCap })
      .trim()
      .regex(/^\d{1,6}$/, { error: MESSAGE_SETTINGS_MESSAGES.signInCap })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: MESSAGE_SETTINGS_MESSAGES.signInCap })
          .max(100_000, { error: MESSAGE_SETTINGS_MESSAGES.signInCap }),
      ),
  })
  .transform((form) => ({
    templates: Object.fromEntries(
      TEMPLATE_EVENTS.map((event) => [
        event,
        Object.fromEntries(
          MESSAGE_CHANNELS.map((channel) => [channel, form[templateField(channel, event)] ?? ""]),
        ),
      ]),
    ) as MessageTemplates,
    smsSenderId: form.smsSenderId,
    whatsappLanguage: form.whatsappLanguage,
    orderMessagesPerHour: form.orderMessagesPerHour,
    // Sign-in codes (docs/decisions/062): kept on the shop's settings row, null when unset.
    smsSignInTemplateId: form.smsSignInTemplateId || null,
    smsCodesPerHour: form.smsCodesPerHour,
  }));

export type MessageSettingsInput = z.output<typeof messageSettingsFormSchema>;

/** The profile's one-click choice of a channel: turn its order updates on, or withdraw them. */
export const messageConsentFormSchema = z.object({
  intent: z.literal("message-consent"),
  channel: z.enum(MESSAGE_CHANNELS, { error: "Choose WhatsApp or SMS" }),
  choice: z.enum(["opt-in", "withdraw"], { error: "Choose to turn updates on or off" }),
});

export const SEND_AGAIN_MESSAGES = {
  messageId: "That message could not be found",
  notFailed: "Only a failed message can be sent again",
} as const;

/** "Send again" on a failed order message, from the owner's order detail. */
export const sendMessageAgainFormSchema = z.object({
  messageId: z.uuid({ error: SEND_AGAIN_MESSAGES.messageId }),
});

/** A checkbox's value ("on" when ticked) as a boolean; absent is unticked. */
export const ticked = z
  .preprocess((value) => value === "on" || value === true, z.boolean())
  .default(false);
