/**
 * The SMS and WhatsApp text of a batch recall (docs/decisions/067): one GSM-7 segment, at most
 * 160 characters at its longest, every variable short enough for a DLT template (about 30
 * characters each), written by the shop's one SMS text helper. As for order SMS (decision 070),
 * the shop's name is fixed text of the registered template, never a variable. No I/O here.
 */
import { dltTemplateText, fillSmsTemplate, gsm7Septets, toGsm7 } from "./sms-text";

/** The longest each variable may be; the shop's name is the template's own text. */
export const RECALL_VARIABLE_LIMITS = { item: 30, batch: 30, phone: 16 } as const;
const SHOP_NAME_MAX = 20;

/** The recall as the owner registers it on DLT, its variables named as MSG91 takes them. */
export function recallSmsTemplate(shopName: string) {
  const shop = toGsm7(shopName.replace(/[{}]/g, ""), SHOP_NAME_MAX);
  return `Recall: stop using {item} batch {batch}. Call {phone} for refund or replacement.${shop ? ` -${shop}` : ""}`;
}

/** What Message settings shows under the recall's template id: the text to register, at its longest. */
export function recallSmsForRegistration(shopName: string) {
  const template = recallSmsTemplate(shopName);
  const longest = fillSmsTemplate(
    template,
    Object.fromEntries(
      Object.entries(RECALL_VARIABLE_LIMITS).map(([name, max]) => [name, "x".repeat(max)]),
    ),
  );
  return {
    dltText: dltTemplateText(template),
    variables: Object.keys(RECALL_VARIABLE_LIMITS),
    longest: gsm7Septets(longest),
  };
}

export type RecallMessageInput = { item: string; batch: string; phone: string; shop: string };

/**
 * The recall's text and its DLT variables, each cut to its limit, and its WhatsApp template
 * parameters ({{1}} item, {{2}} batch, {{3}} phone, {{4}} shop).
 */
export function recallMessage(input: RecallMessageInput) {
  const item = toGsm7(input.item, RECALL_VARIABLE_LIMITS.item);
  const batch = toGsm7(input.batch, RECALL_VARIABLE_LIMITS.batch);
  const phone = toGsm7(input.phone, RECALL_VARIABLE_LIMITS.phone);
  const variables = { item, batch, phone };
  return {
    text: fillSmsTemplate(recallSmsTemplate(input.shop), variables),
    parameters: [item, batch, phone, toGsm7(input.shop, SHOP_NAME_MAX)],
    variables,
  };
}
