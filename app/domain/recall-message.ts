/**
 * The SMS and WhatsApp text of a batch recall (docs/decisions/067): one GSM-7 segment, at most
 * 160 characters at its longest, every variable short enough for a DLT template (about 30
 * characters each). No I/O here.
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Each of these takes two of a segment's 160 places (an escape and the character). */
const GSM7_EXTENDED = "^{}\\[~]|€";

/** The most characters one GSM-7 SMS carries. */
export const SMS_SEGMENT = 160;

/** The characters a GSM-7 SMS spends on `text`, or null when it has a character GSM-7 lacks. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

const REPLACEMENTS: [RegExp, string][] = [
  [/₹/g, "Rs."],
  [/[\u2013\u2014\u2212]/g, "-"],
  [/[\u2018\u2019]/g, "'"],
  [/[\u201C\u201D]/g, '"'],
  [/\u2026/g, "..."],
  [/\s+/g, " "],
];

/**
 * A variable as the SMS can carry it: common typography turned into GSM-7 ("₹" into "Rs."),
 * anything else GSM-7 lacks (or needs two places for) left out, and cut to `max` characters.
 */
export function smsVariable(value: string, max: number) {
  let text = value;
  for (const [pattern, replacement] of REPLACEMENTS) text = text.replace(pattern, replacement);
  const kept = [...text].filter(
    (char) => GSM7_BASIC.includes(char) && char !== "\n" && char !== "\r",
  );
  return kept.join("").replace(/ {2,}/g, " ").trim().slice(0, max).trim();
}

/** The longest each variable may be. */
export const RECALL_VARIABLE_LIMITS = { item: 30, batch: 30, phone: 16, shop: 20 } as const;

export type RecallMessageInput = { item: string; batch: string; phone: string; shop: string };

/**
 * The recall's text, its WhatsApp template parameters ({{1}} item, {{2}} batch, {{3}} phone,
 * {{4}} shop) and its DLT variables, each variable cut to its limit.
 */
export function recallMessage(input: RecallMessageInput) {
  const item = smsVariable(input.item, RECALL_VARIABLE_LIMITS.item);
  const batch = smsVariable(input.batch, RECALL_VARIABLE_LIMITS.batch);
  const phone = smsVariable(input.phone, RECALL_VARIABLE_LIMITS.phone);
  const shop = smsVariable(input.shop, RECALL_VARIABLE_LIMITS.shop);
  return {
    text: `Recall: stop using ${item} batch ${batch}. Call ${phone} for refund or replacement. -${shop}`,
    parameters: [item, batch, phone, shop],
    variables: { item, batch, phone, shop },
  };
}
