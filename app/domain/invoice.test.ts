import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findGstState, sameState, stateWithCode } from "./gst-states";
import { financialYearOf } from "./india-time";
import {
  amountInWords,
  apportionDiscount,
  computeInvoiceTax,
  type InvoiceItemInput,
  invoiceNumber,
  numberInWords,
  SHIPPING_SAC,
  splitInclusive,
  splitIntraState,
} from "./invoice";

const RATES = [0, 0.25, 3, 5, 12, 18, 28];

describe("splitInclusive", () => {
  it.each([
    [10500, 5, 10000, 500],
    [18900, 5, 18000, 900],
    [37800, 5, 36000, 1800],
    [100, 18, 85, 15], // 84.745... rounds up
    [14, 12, 13, 1], // 12.5 exactly: half rounds up
    [1, 5, 1, 0],
    [0, 18, 0, 0],
    [99999, 0, 99999, 0],
    [112000, 12, 100000, 12000],
  ])("%i paise at %d%% is %i taxable and %i tax", (amount, rate, taxable, tax) => {
    expect(splitInclusive(amount, rate)).toEqual({ taxable, tax });
  });

  it("always adds back up to the amount, with the taxable value within half a paisa", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_00 }),
        fc.constantFrom(...RATES),
        (amount, rate) => {
          const { taxable, tax } = splitInclusive(amount, rate);
          expect(taxable + tax).toBe(amount);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(taxable).toBeGreaterThanOrEqual(0);
          // |taxable x (100 + rate) - amount x 100| <= (100 + rate) / 2, in hundredths of a percent
          const bp = Math.round(rate * 100);
          const error = Math.abs(taxable * (10_000 + bp) - amount * 10_000);
          expect(error).toBeLessThanOrEqual((10_000 + bp) / 2);
        },
      ),
    );
  });

  it("refuses fractions of a paisa, negative amounts and impossible rates", () => {
    expect(() => splitInclusive(10.5, 5)).toThrow(RangeError);
    expect(() => splitInclusive(-1, 5)).toThrow(RangeError);
    expect(() => splitInclusive(100, -5)).toThrow(RangeError);
    expect(() => splitInclusive(100, Number.NaN)).toThrow(RangeError);
  });
});

describe("splitIntraState", () => {
  it("halves the tax, the odd paisa going to CGST", () => {
    expect(splitIntraState(900)).toEqual({ cgst: 450, sgst: 450 });
    expect(splitIntraState(15)).toEqual({ cgst: 8, sgst: 7 });
    expect(splitIntraState(1)).toEqual({ cgst: 1, sgst: 0 });
    expect(splitIntraState(0)).toEqual({ cgst: 0, sgst: 0 });
  });

  it("CGST + SGST = tax, and they differ by at most one paisa", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (tax) => {
        const { cgst, sgst } = splitIntraState(tax);
        expect(cgst + sgst).toBe(tax);
        expect([0, 1]).toContain(cgst - sgst);
      }),
    );
  });
});

describe("apportionDiscount", () => {
  it.each([
    [[10000, 20000], 3000, [1000, 2000]],
    [[100, 100, 100], 2, [1, 1, 0]],
    [[333, 667], 100, [33, 67]],
    [[50000], 20000, [20000]],
    [[100, 200], 300, [100, 200]],
    [[0, 500], 100, [0, 100]],
    [[100, 200], 0, [0, 0]],
    [[], 0, []],
  ])("shares %j with a discount of %i as %j", (amounts, discount, shares) => {
    expect(apportionDiscount(amounts, discount)).toEqual(shares);
  });

  it("refuses a discount above the lines", () => {
    expect(() => apportionDiscount([100], 101)).toThrow(RangeError);
    expect(() => apportionDiscount([], 1)).toThrow(RangeError);
  });

  it("adds up to the discount exactly, each share within a paisa of its exact part", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, fraction) => {
          const sum = amounts.reduce((a, b) => a + b, 0);
          const discount = Math.floor(sum * fraction);
          const shares = apportionDiscount(amounts, discount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(amounts[i]!);
            if (sum > 0) expect(Math.abs(share - (discount * amounts[i]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

const item = (
  description: string,
  unitPrice: number,
  quantity: number,
  gstRate = 5,
  hsnCode = "3004",
): InvoiceItemInput => ({
  description,
  hsnCode,
  gstRate,
  quantity,
  unitPrice,
  totalPrice: unitPrice * quantity,
});

describe("computeInvoiceTax", () => {
  it("splits CGST and SGST within Maharashtra, sharing the coupon and taxing shipping", () => {
    const invoice = computeInvoiceTax({
      items: [item("Arjunarishta", 18900, 2), item("Kumkumadi Cream", 103500, 1, 18, "3304")],
      discount: 10000,
      shipping: 5000,
      supplierState: "Maharashtra",
      placeOfSupply: "maharashtra",
    });
    expect(invoice.supply).toBe("intra-state");
    const [arjuna, cream, shipping] = invoice.lines;
    // ₹100 off ₹1,413: 37800/141300 of it is 2675.1 paise, 103500/141300 is 7324.8.
    expect(arjuna).toMatchObject({
      grossAmount: 37800,
      discount: 2675,
      amount: 35125,
      taxableValue: 33452, // 35125 / 1.05 = 33452.38
      tax: 1673,
      cgst: 837,
      sgst: 836,
      igst: 0,
    });
    expect(cream).toMatchObject({
      grossAmount: 103500,
      discount: 7325,
      amount: 96175,
      taxableValue: 81504, // 96175 / 1.18 = 81504.24
      tax: 14671,
      cgst: 7336,
      sgst: 7335,
      igst: 0,
    });
    expect(shipping).toMatchObject({
      description: "Shipping charges",
      hsnCode: SHIPPING_SAC,
      quantity: 1,
      amount: 5000,
      gstRate: 18, // the highest rate among the goods
      taxableValue: 4237,
      tax: 763,
      cgst: 382,
      sgst: 381,
      isShipping: true,
    });
    expect(invoice.totals).toEqual({
      grossAmount: 37800 + 103500 + 5000,
      discount: 10000,
      taxableValue: 33452 + 81504 + 4237,
      cgst: 837 + 7336 + 382,
      sgst: 836 + 7335 + 381,
      igst: 0,
      tax: 1673 + 14671 + 763,
      total: 141300 - 10000 + 5000,
    });
  });

  it("charges IGST only for another state, and has no shipping line when shipping is free", () => {
    const invoice = computeInvoiceTax({
      items: [item("Ashokarishta", 17500, 3), item("Haridra Khand", 20500, 2)],
      discount: 0,
      shipping: 0,
      supplierState: "Maharashtra",
      placeOfSupply: "Karnataka",
    });
    expect(invoice.supply).toBe("inter-state");
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0]).toMatchObject({
      amount: 52500,
      taxableValue: 50000,
      igst: 2500,
      cgst: 0,
      sgst: 0,
    });
    expect(invoice.lines[1]).toMatchObject({ amount: 41000, taxableValue: 39048, igst: 1952 });
    expect(invoice.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 4452, total: 93500 });
  });

  it("reads the state as GST does: 'MH' is Maharashtra, 'New Delhi' is Delhi", () => {
    const base = { items: [item("Neem", 15900, 1)], discount: 0, shipping: 5000 };
    expect(
      computeInvoiceTax({ ...base, supplierState: "Maharashtra", placeOfSupply: " MH " }).supply,
    ).toBe("intra-state");
    expect(
      computeInvoiceTax({ ...base, supplierState: "Delhi", placeOfSupply: "New Delhi" }).supply,
    ).toBe("intra-state");
    expect(
      computeInvoiceTax({ ...base, supplierState: "Maharashtra", placeOfSupply: "Goa" }).supply,
    ).toBe("inter-state");
  });

  it("refuses a line whose total is not price x quantity, or a discount above the goods", () => {
    const base = { discount: 0, shipping: 0, supplierState: "MH", placeOfSupply: "MH" };
    expect(() =>
      computeInvoiceTax({ ...base, items: [{ ...item("A", 100, 2), totalPrice: 150 }] }),
    ).toThrow(RangeError);
    expect(() => computeInvoiceTax({ ...base, items: [item("A", 100, 2)], discount: 201 })).toThrow(
      RangeError,
    );
  });

  const orderArbitrary = fc
    .record({
      lines: fc.array(
        fc.record({
          unitPrice: fc.integer({ min: 1, max: 5_000_000 }),
          quantity: fc.integer({ min: 1, max: 10 }),
          gstRate: fc.constantFrom(...RATES),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      shipping: fc.constantFrom(0, 5000, 4999, 1),
      intra: fc.boolean(),
    })
    .map(({ lines, discountFraction, shipping, intra }) => {
      const items = lines.map((l, i) => item(`Item ${i}`, l.unitPrice, l.quantity, l.gstRate));
      const subtotal = items.reduce((a, b) => a + b.totalPrice, 0);
      return {
        items,
        discount: Math.floor(subtotal * discountFraction),
        shipping,
        supplierState: "Maharashtra",
        placeOfSupply: intra ? "Maharashtra" : "Kerala",
        subtotal,
      };
    });

  it("every line: taxable + tax = amount exactly, and the GST parts add up to the tax", () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const invoice = computeInvoiceTax(order);
        for (const line of invoice.lines) {
          expect(line.taxableValue + line.tax).toBe(line.amount);
          expect(line.cgst + line.sgst + line.igst).toBe(line.tax);
          expect(line.grossAmount - line.discount).toBe(line.amount);
          if (invoice.supply === "intra-state") {
            expect(line.igst).toBe(0);
            expect(line.cgst + line.sgst).toBe(line.tax);
            expect([0, 1]).toContain(line.cgst - line.sgst);
          } else {
            expect(line.cgst + line.sgst).toBe(0);
            expect(line.igst).toBe(line.tax);
          }
        }
      }),
    );
  });

  it("the totals sum the lines and come to subtotal - discount + shipping", () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const { lines, totals } = computeInvoiceTax(order);
        const sum = (pick: (l: (typeof lines)[number]) => number) =>
          lines.reduce((a, l) => a + pick(l), 0);
        expect(totals.total).toBe(order.subtotal - order.discount + order.shipping);
        expect(totals.total).toBe(sum((l) => l.amount));
        expect(totals.discount).toBe(order.discount);
        expect(totals.taxableValue + totals.tax).toBe(totals.total);
        expect(totals.cgst + totals.sgst + totals.igst).toBe(totals.tax);
        expect(totals.taxableValue).toBe(sum((l) => l.taxableValue));
        const shippingLines = lines.filter((l) => l.isShipping);
        expect(shippingLines).toHaveLength(order.shipping > 0 ? 1 : 0);
        if (order.shipping > 0) {
          expect(shippingLines[0]!.gstRate).toBe(Math.max(...order.items.map((i) => i.gstRate)));
        }
      }),
    );
  });
});

describe("invoiceNumber", () => {
  it("writes the series, the short financial year and a six-digit serial", () => {
    expect(invoiceNumber("2026-27", 1)).toBe("INV/26-27/000001");
    expect(invoiceNumber("2025-26", 123456)).toBe("INV/25-26/123456");
    expect(invoiceNumber("2099-00", 42)).toBe("INV/99-00/000042");
  });

  it("fits GST's 16 characters of letters, digits, '-' and '/'", () => {
    const number = invoiceNumber("2026-27", 999_999);
    expect(number.length).toBeLessThanOrEqual(16);
    expect(number).toMatch(/^[A-Z0-9/-]+$/);
  });

  it("refuses a malformed year or serial", () => {
    expect(() => invoiceNumber("2026", 1)).toThrow(RangeError);
    expect(() => invoiceNumber("2026-27", 0)).toThrow(RangeError);
    expect(() => invoiceNumber("2026-27", 1.5)).toThrow(RangeError);
  });
});

describe("financialYearOf (India time)", () => {
  it.each([
    ["2026-03-31T18:29:59.999Z", "2025-26"], // 31 March 23:59:59 IST
    ["2026-03-31T18:30:00.000Z", "2026-27"], // 1 April 00:00 IST
    ["2026-04-01T00:00:00.000Z", "2026-27"],
    ["2027-01-15T06:00:00.000Z", "2026-27"],
    ["2026-12-31T18:30:00.000Z", "2026-27"], // 1 January 2027 IST
    ["1999-06-01T00:00:00.000Z", "1999-00"],
  ])("%s falls in %s", (instant, year) => {
    expect(financialYearOf(new Date(instant))).toBe(year);
  });
});

/** Reads Indian-system words back into a number, to check numberInWords both ways. */
function parseWords(words: string) {
  const values = new Map<string, number>();
  const ones =
    "Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen";
  ones.split(" ").forEach((w, i) => {
    values.set(w, i);
  });
  ["Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"].forEach((w, i) => {
    values.set(w, (i + 2) * 10);
  });
  let total = 0;
  let current = 0;
  for (const word of words.split(" ")) {
    if (values.has(word)) current += values.get(word)!;
    else if (word === "Hundred") current *= 100;
    else if (word === "Thousand") {
      total += current * 1000;
      current = 0;
    } else if (word === "Lakh") {
      total += current * 100_000;
      current = 0;
    } else if (word === "Crore") {
      total = (total + current) * 10_000_000;
      current = 0;
    } else throw new Error(`unknown word ${word}`);
  }
  return total + current;
}

describe("amount in words (Indian system)", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [1, "Rupees Zero and One Paisa Only"],
    [99, "Rupees Zero and Ninety Nine Paise Only"],
    [100, "Rupees One Only"],
    [1150, "Rupees Eleven and Fifty Paise Only"],
    [10_100, "Rupees One Hundred One Only"],
    [100_000, "Rupees One Thousand Only"],
    [10_000_000, "Rupees One Lakh Only"],
    [10_501_000, "Rupees One Lakh Five Thousand Ten Only"],
    [1_000_000_000, "Rupees One Crore Only"],
    [
      999_999_999,
      "Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only",
    ],
    [
      1_234_567_890,
      "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only",
    ],
    [100_000_000_000, "Rupees One Hundred Crore Only"],
    [1_234_500_000_000_00, "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Crore Only"],
  ])("%i paise is %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("refuses negative amounts and fractions of a paisa", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });

  it("reads back to the same number, with single spaces and no inner Zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const words = numberInWords(n);
        expect(parseWords(words)).toBe(n);
        expect(words).not.toMatch(/\s{2}|^\s|\s$/);
        if (n > 0) expect(words).not.toContain("Zero");
      }),
    );
  });
});

describe("GST states", () => {
  it("knows names, short codes and old names", () => {
    expect(findGstState("maharashtra")).toEqual({ code: "27", name: "Maharashtra" });
    expect(findGstState(" MH ")).toEqual({ code: "27", name: "Maharashtra" });
    expect(findGstState("Tamil   Nadu")).toEqual({ code: "33", name: "Tamil Nadu" });
    expect(findGstState("Orissa")).toEqual({ code: "21", name: "Odisha" });
    expect(findGstState("Jammu & Kashmir")).toEqual({ code: "01", name: "Jammu and Kashmir" });
    expect(findGstState("Atlantis")).toBeNull();
  });

  it("compares states by code, or by name when unknown", () => {
    expect(sameState("Maharashtra", "MH")).toBe(true);
    expect(sameState("Karnataka", "Maharashtra")).toBe(false);
    expect(sameState("Atlantis", " atlantis ")).toBe(true);
    expect(stateWithCode("karnataka")).toBe("Karnataka (29)");
    expect(stateWithCode(" Atlantis ")).toBe("Atlantis");
  });
});
