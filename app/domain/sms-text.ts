import { formatRupees, type Paise } from "./money";

/**
 * What one SMS may carry in India (docs/decisions/070): one GSM-7 segment of 160 septets, the
 * text an owner registered on DLT with each `{#var#}` at most 30 characters. Text outside GSM-7
 * (₹, curly quotes, Devanagari) turns the whole SMS into UCS-2, 70 characters a segment. No I/O.
 */

/** One segment; a longer SMS is split into 153-septet parts, each billed as one. */
export const SMS_SEGMENT_SEPTETS = 160;
/** What DLT operators accept in one `{#var#}`. */
export const SMS_VARIABLE_MAX = 30;

/** GSM 03.38's basic set (one septet each), without the escape that opens the extension. */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: an escape and the character, two septets each. */
const EXTENSION = "\f^{}\\[~]|€";

const BASIC_SET = new Set(BASIC);
const EXTENSION_SET = new Set(EXTENSION);

/** Septets `char` takes in GSM-7, or 0 when GSM-7 cannot carry it. */
function septetsOf(char: string) {
  if (BASIC_SET.has(char)) return 1;
  if (EXTENSION_SET.has(char)) return 2;
  return 0;
}

/** The characters of `text` GSM-7 cannot carry, each once, in the order they appear. */
export function nonGsm7Characters(text: string): string[] {
  return [...new Set([...text].filter((char) => septetsOf(char) === 0))];
}

export function isGsm7(text: string) {
  return nonGsm7Characters(text).length === 0;
}

/** The septets `text` takes in GSM-7, or null when it needs Unicode. */
export function gsm7Septets(text: string): number | null {
  let total = 0;
  for (const char of text) {
    const septets = septetsOf(char);
    if (septets === 0) return null;
    total += septets;
  }
  return total;
}

/** Look-alikes people and keyboards type, written as GSM-7 has them. */
const REPLACEMENTS: Record<string, string> = {
  "₹": "Rs.",
  "‘": "'",
  "’": "'",
  "‚": "'",
  "′": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "″": '"',
  "–": "-",
  "—": "-",
  "‐": "-",
  "‑": "-",
  "−": "-",
  "…": "...",
  "•": "-",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\t": " ",
};

/** `char` as GSM-7 can write it: itself, a look-alike, the letter without its accent, or "". */
function transliterate(char: string) {
  if (septetsOf(char) > 0) return char;
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
  return [...bare].every((part) => septetsOf(part) === 1) ? bare : "";
}

/**
 * A variable's value as one SMS can carry it: look-alikes replaced ("–" as "-", "₹" as "Rs."),
 * accents dropped ("Pārvatī" as "Parvati"), what GSM-7 has no letter for left out (Devanagari),
 * spaces collapsed, and cut to `max` septets at a word's end where there is one. May be empty.
 */
export function toGsm7(text: string, max = SMS_VARIABLE_MAX): string {
  const written = [...text].map(transliterate).join("").replace(/\s+/g, " ").trim();
  if ((gsm7Septets(written) ?? 0) <= max) return written;
  let cut = "";
  for (const char of written) {
    if ((gsm7Septets(cut + char) ?? 0) > max) break;
    cut += char;
  }
  const atWord = cut.lastIndexOf(" ");
  return (atWord > 0 ? cut.slice(0, atWord) : cut).trim();
}

/** An amount as an SMS writes it: "Rs.1,23,456.50" (GSM-7 has no ₹). */
export function formatSmsRupees(paise: Paise) {
  return formatRupees(paise).replace("₹", "Rs.");
}

export type SmsTextProblem =
  | { kind: "not-gsm7"; characters: string[] }
  | { kind: "too-long"; septets: number }
  | { kind: "variable-too-long"; name: string; length: number };

/**
 * Why an SMS would not go as one GSM-7 segment that matches its DLT template: characters outside
 * GSM-7, more than 160 septets, a variable over 30 characters. Empty when it is fine.
 */
export function smsTextProblems(
  text: string,
  variables: Record<string, string> = {},
): SmsTextProblem[] {
  const problems: SmsTextProblem[] = [];
  const outside = nonGsm7Characters(text);
  if (outside.length > 0) problems.push({ kind: "not-gsm7", characters: outside });
  const septets = gsm7Septets(text);
  if (septets !== null && septets > SMS_SEGMENT_SEPTETS)
    problems.push({ kind: "too-long", septets });
  for (const [name, value] of Object.entries(variables)) {
    const length = gsm7Septets(value) ?? [...value].length;
    if (length > SMS_VARIABLE_MAX) problems.push({ kind: "variable-too-long", name, length });
  }
  return problems;
}

/**
 * A template as DLT registers it, from one written with named variables ("Your order {order}"):
 * each variable as `{#var#}`.
 */
export function dltTemplateText(template: string) {
  return template.replace(/\{[a-z]+\}/g, "{#var#}");
}

/** A template with named variables filled in; an unknown name is an error. */
export function fillSmsTemplate(template: string, variables: Record<string, string>) {
  return template.replace(/\{([a-z]+)\}/g, (_match, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`SMS template variable ${name} has no value`);
    return value;
  });
}
