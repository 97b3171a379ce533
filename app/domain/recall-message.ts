/**
 * The SMS and WhatsApp text of a batch recall (docs/decisions/067): one GSM-7 segment, at most
 * 160 characters at its longest, every variable short enough for a DLT template (about 30
 * characters each), written by the shop's one SMS text helper (docs/decisions/070). No I/O here.
 */
import { toGsm7 } from "./sms-text";

/** The longest each variable may be. */
export const RECALL_VARIABLE_LIMITS = { item: 30, batch: 30, phone: 16, shop: 20 } as const;

/** The recall as DLT registers it, its variables named as MSG91 takes them. */
export const RECALL_SMS_TEMPLATE =
  "Recall: stop using {item} batch {batch}. Call {phone} for refund or replacement. -{shop}";

export type RecallMessageInput = { item: string; batch: string; phone: string; shop: string };

/**
 * The recall's text, its WhatsApp template parameters ({{1}} item, {{2}} batch, {{3}} phone,
 * {{4}} shop) and its DLT variables, each variable cut to its limit.
 */
export function recallMessage(input: RecallMessageInput) {
  const item = toGsm7(input.item, RECALL_VARIABLE_LIMITS.item);
  const batch = toGsm7(input.batch, RECALL_VARIABLE_LIMITS.batch);
  const phone = toGsm7(input.phone, RECALL_VARIABLE_LIMITS.phone);
  const shop = toGsm7(input.shop, RECALL_VARIABLE_LIMITS.shop);
  return {
    text: `Recall: stop using ${item} batch ${batch}. Call ${phone} for refund or replacement. -${shop}`,
    parameters: [item, batch, phone, shop],
    variables: { item, batch, phone, shop },
  };
}
