/**
 * GST tax invoice arithmetic, in integer paise and without I/O (docs/decisions/009).
 *
 * Prices are GST-inclusive, so a line's taxable value is its amount / (1 + rate / 100), rounded
 * to the nearest paisa, and its tax is the rest: taxable + tax is the line amount exactly. The
 * order's coupon discount is shared across the goods lines in proportion to their totals by the
 * largest-remainder method, so the shares add up to the discount exactly. Shipping is its own
 * line (SAC 996812) taxed at the highest rate among the goods it carries. Within the shop's own
 * state the tax is split into CGST and SGST (half each; an odd paisa goes to CGST), otherwise it
 * is IGST. Every total is the sum of its lines, and the grand total is the order total.
 */
import { sameState } from "./gst-states";
import type { Paise } from "./money";
import { shippingMethodLabel } from "./shipping";

/** SAC for courier services, printed on the shipping line. */
export const SHIPPING_SAC = "996812";
export const SHIPPING_DESCRIPTION = "Shipping charges";

export type InvoiceItemInput = {
  description: string;
  hsnCode: string;
  /** Percent, e.g. 5 or 12 or 0.25. */
  gstRate: number;
  quantity: number;
  unitPrice: Paise;
  /** unitPrice x quantity, tax-inclusive, before the coupon discount. */
  totalPrice: Paise;
};

export type InvoiceInput = {
  items: readonly InvoiceItemInput[];
  /** The order's coupon discount. */
  discount: Paise;
  shipping: Paise;
  /** Named on the shipping line, e.g. "Shipping charges (Express delivery)". */
  shippingMethod?: string;
  /** The shop's state (settings) and the shipping address's state (place of supply). */
  supplierState: string;
  placeOfSupply: string;
};

export type SupplyKind = "intra-state" | "inter-state";

export type InvoiceLine = {
  description: string;
  hsnCode: string;
  quantity: number;
  unitPrice: Paise;
  /** Before the discount, tax-inclusive. */
  grossAmount: Paise;
  /** This line's share of the coupon discount. */
  discount: Paise;
  /** grossAmount - discount, tax-inclusive: what the customer pays for the line. */
  amount: Paise;
  taxableValue: Paise;
  gstRate: number;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** cgst + sgst + igst = amount - taxableValue. */
  tax: Paise;
  isShipping: boolean;
};

export type InvoiceTotals = {
  grossAmount: Paise;
  discount: Paise;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
  /** The order total. */
  total: Paise;
};

export type InvoiceTax = { supply: SupplyKind; lines: InvoiceLine[]; totals: InvoiceTotals };

function assertPaise(value: number, label: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a whole number of paise, not ${value}`);
  }
}

/** A GST rate in hundredths of a percent (5 -> 500, 0.25 -> 25). */
function rateInBasisPoints(rate: number) {
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
    throw new RangeError(`GST rate must be between 0 and 100, not ${rate}`);
  }
  return Math.round(rate * 100);
}

/**
 * Splits a tax-inclusive amount into its taxable value (rounded half up to the paisa) and the tax
 * in it. taxable + tax === amount always.
 */
export function splitInclusive(amount: Paise, gstRate: number): { taxable: Paise; tax: Paise } {
  assertPaise(amount, "Amount");
  const bp = BigInt(rateInBasisPoints(gstRate));
  const numerator = BigInt(amount) * 10_000n;
  const denominator = 10_000n + bp;
  // round(n / d) half up, in integers: floor((2n + d) / 2d)
  const taxable = Number((2n * numerator + denominator) / (2n * denominator));
  return { taxable, tax: amount - taxable };
}

/** CGST and SGST are half the tax each; an odd paisa goes to CGST. */
export function splitIntraState(tax: Paise): { cgst: Paise; sgst: Paise } {
  assertPaise(tax, "Tax");
  const cgst = Math.ceil(tax / 2);
  return { cgst, sgst: tax - cgst };
}

/**
 * Shares `discount` across `amounts` in proportion to them, by the largest-remainder method: each
 * share is first rounded down, then the paise left over go one each to the lines with the largest
 * remainders (the earlier line on a tie). The shares add up to the discount exactly and no share
 * exceeds its line.
 */
export function apportionDiscount(amounts: readonly Paise[], discount: Paise): Paise[] {
  assertPaise(discount, "Discount");
  for (const amount of amounts) assertPaise(amount, "Line amount");
  if (discount === 0) return amounts.map(() => 0);
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (discount > sum) {
    throw new RangeError(`A discount of ${discount} paise exceeds the lines' ${sum} paise`);
  }
  const big = BigInt(discount);
  const bigSum = BigInt(sum);
  const shares = amounts.map((amount) => {
    const exact = big * BigInt(amount);
    return { floor: Number(exact / bigSum), remainder: exact % bigSum };
  });
  let left = discount - shares.reduce((a, s) => a + s.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

function taxLine(
  base: Omit<InvoiceLine, "amount" | "taxableValue" | "cgst" | "sgst" | "igst" | "tax">,
  supply: SupplyKind,
): InvoiceLine {
  const amount = base.grossAmount - base.discount;
  const { taxable, tax } = splitInclusive(amount, base.gstRate);
  const split =
    supply === "intra-state"
      ? { ...splitIntraState(tax), igst: 0 }
      : { cgst: 0, sgst: 0, igst: tax };
  return { ...base, amount, taxableValue: taxable, tax, ...split };
}

export function supplyKind(supplierState: string, placeOfSupply: string): SupplyKind {
  return sameState(supplierState, placeOfSupply) ? "intra-state" : "inter-state";
}

/** The invoice's lines and totals for an order (see the module comment for the rules). */
export function computeInvoiceTax(input: InvoiceInput): InvoiceTax {
  assertPaise(input.shipping, "Shipping");
  for (const item of input.items) {
    assertPaise(item.totalPrice, "Line total");
    if (item.totalPrice !== item.unitPrice * item.quantity) {
      throw new RangeError(`${item.description}: the line total is not price x quantity`);
    }
  }
  const supply = supplyKind(input.supplierState, input.placeOfSupply);
  const shares = apportionDiscount(
    input.items.map((item) => item.totalPrice),
    input.discount,
  );
  const lines = input.items.map((item, index) =>
    taxLine(
      {
        description: item.description,
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        grossAmount: item.totalPrice,
        discount: shares[index]!,
        gstRate: item.gstRate,
        isShipping: false,
      },
      supply,
    ),
  );
  if (input.shipping > 0) {
    const rate = input.items.reduce((max, item) => Math.max(max, item.gstRate), 0);
    lines.push(
      taxLine(
        {
          description: input.shippingMethod
            ? `${SHIPPING_DESCRIPTION} (${shippingMethodLabel(input.shippingMethod)})`
            : SHIPPING_DESCRIPTION,
          hsnCode: SHIPPING_SAC,
          quantity: 1,
          unitPrice: input.shipping,
          grossAmount: input.shipping,
          discount: 0,
          gstRate: rate,
          isShipping: true,
        },
        supply,
      ),
    );
  }
  const sum = (pick: (line: InvoiceLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    supply,
    lines,
    totals: {
      grossAmount: sum((l) => l.grossAmount),
      discount: sum((l) => l.discount),
      taxableValue: sum((l) => l.taxableValue),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      tax: sum((l) => l.tax),
      total: sum((l) => l.amount),
    },
  };
}

/** Financial-year key of the invoice_counters table, as `financialYearOf` gives it: "2026-27". */
const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

/**
 * "INV/26-27/000001": the series, the financial year and the serial. GST rule 46(b) allows at
 * most 16 characters (letters, digits, "-" and "/"), which is why the year is written short.
 */
export function invoiceNumber(financialYear: string, serial: number) {
  return documentNumber("INV", financialYear, serial);
}

/** A GST document's number in `series` (invoices, credit notes): "CN/26-27/000001". */
export function documentNumber(series: string, financialYear: string, serial: number) {
  const match = FINANCIAL_YEAR.exec(financialYear);
  if (!match) throw new RangeError(`Not a financial year: ${financialYear}`);
  if (!Number.isSafeInteger(serial) || serial < 1) {
    throw new RangeError(`A ${series} serial must be 1 or more, not ${serial}`);
  }
  return `${series}/${match[1]!.slice(2)}-${match[2]}/${String(serial).padStart(6, "0")}`;
}

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
] as const;
const TENS = [
  "",
  "",
  "Twenty",
  "Thirty",
  "Forty",
  "Fifty",
  "Sixty",
  "Seventy",
  "Eighty",
  "Ninety",
] as const;

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens} ${ONES[n % 10]}`;
}

/**
 * A whole number in words in the Indian system (thousand, lakh, crore): 1,23,45,678 is "One
 * Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight". Counts of crores above
 * 99 are themselves written in words ("One Hundred Crore").
 */
export function numberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Not a whole number: ${value}`);
  }
  if (value === 0) return ONES[0];
  const parts: string[] = [];
  const crore = Math.floor(value / 10_000_000);
  let rest = value % 10_000_000;
  if (crore > 0) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor(rest / 100);
  rest %= 100;
  if (hundred > 0) parts.push(`${ONES[hundred]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * An amount for the invoice's "amount in words": "Rupees One Lakh Only", "Rupees Ninety Nine
 * and Fifty Paise Only", "Rupees Zero and One Paisa Only".
 */
export function amountInWords(paise: Paise): string {
  assertPaise(paise, "Amount");
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const head = `Rupees ${numberInWords(rupees)}`;
  if (rest === 0) return `${head} Only`;
  return `${head} and ${numberInWords(rest)} ${rest === 1 ? "Paisa" : "Paise"} Only`;
}
