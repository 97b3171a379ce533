/** Money is integer paise everywhere (docs/DESIGN.md §5); rupees appear only when formatting. */
export type Paise = number;

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
const inrWhole = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

/** ₹1,299.00 */
export function formatRupees(paise: Paise): string {
  return inr.format(paise / 100);
}

/** ₹1,299 (drops .00 but keeps real paise, e.g. ₹1,299.50) */
export function formatRupeesShort(paise: Paise): string {
  return paise % 100 === 0 ? inrWhole.format(paise / 100) : inr.format(paise / 100);
}

/** Parses a rupee amount typed by a person ("499", "499.5", "1,299.00") into paise. */
export function rupeesToPaise(rupees: string | number): Paise | null {
  const text = String(rupees).replace(/,/g, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.padEnd(2, "0") || "0", 10);
}
