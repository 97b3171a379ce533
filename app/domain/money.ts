/** Money is integer paise everywhere (docs/DESIGN.md §5); rupees appear only when formatting. */
export type Paise = number;

/*
 * Rupees are written by hand rather than by Intl.NumberFormat: creating an en-IN currency format
 * loads the locale's data, which took a phone's browser longer than any other module of a page
 * (about 70 ms with Lighthouse's slowed CPU). The output is Intl's, character for character
 * (money.test.ts compares them); a fraction of a paisa, which the shop never holds, still goes
 * through Intl for its rounding.
 */
let intlRupees: Intl.NumberFormat | undefined;

/** Indian digit grouping: the last three digits, then pairs ("1,23,45,678"). */
function groupIndian(digits: string) {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/** A whole count in Indian digit grouping ("1,23,456"), as `toLocaleString("en-IN")` writes it. */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  return `${count < 0 ? "-" : ""}${groupIndian(String(Math.abs(count)))}`;
}

function rupees(paise: Paise, withPaise: boolean) {
  if (!Number.isSafeInteger(paise)) {
    intlRupees ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
    return intlRupees.format(paise / 100);
  }
  const sign = paise < 0 || Object.is(paise, -0) ? "-" : "";
  const magnitude = Math.abs(paise);
  const whole = groupIndian(String(Math.floor(magnitude / 100)));
  return withPaise
    ? `${sign}₹${whole}.${String(magnitude % 100).padStart(2, "0")}`
    : `${sign}₹${whole}`;
}

/** ₹1,299.00 */
export function formatRupees(paise: Paise): string {
  return rupees(paise, true);
}

/** ₹1,299 (drops .00 but keeps real paise, e.g. ₹1,299.50) */
export function formatRupeesShort(paise: Paise): string {
  return rupees(paise, paise % 100 !== 0 || !Number.isSafeInteger(paise));
}

/** Parses a rupee amount typed by a person ("499", "499.5", "1,299.00") into paise. */
export function rupeesToPaise(rupees: string | number): Paise | null {
  const text = String(rupees).replace(/,/g, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.padEnd(2, "0") || "0", 10);
}
