import { describe, expect, it } from "vitest";
import { computeCreditNote } from "./credit-note";
import {
  B2CL_THRESHOLD,
  gstDate,
  gstr1File,
  isB2cl,
  monthBounds,
  parseMonth,
  placeOfSupplyCode,
  rupees,
} from "./gstr1";
import { computeInvoiceTax } from "./invoice";

describe("the offline tool's formats", () => {
  it("writes dates as dd-Mon-yyyy in India time", () => {
    expect(gstDate(new Date("2026-11-24T10:00:00Z"))).toBe("24-Nov-2026");
    // 20:00 UTC on the 31st is already the 1st in India.
    expect(gstDate(new Date("2026-03-31T20:00:00Z"))).toBe("01-Apr-2026");
  });

  it("writes the place of supply as code-name, reading what the customer typed", () => {
    expect(placeOfSupplyCode("maharashtra")).toBe("27-Maharashtra");
    expect(placeOfSupplyCode("KA")).toBe("29-Karnataka");
    expect(placeOfSupplyCode(" Atlantis ")).toBe("Atlantis");
  });

  it("writes amounts as numbers of rupees", () => {
    expect(rupees(123_456)).toBe(1234.56);
    expect(rupees(-5)).toBe(-0.05);
  });
});

describe("B2C large", () => {
  it("is an inter-state invoice above ₹1,00,000; at the threshold or within the state it is small", () => {
    expect(isB2cl({ supply: "inter-state", total: B2CL_THRESHOLD + 1 })).toBe(true);
    expect(isB2cl({ supply: "inter-state", total: B2CL_THRESHOLD })).toBe(false);
    expect(isB2cl({ supply: "intra-state", total: B2CL_THRESHOLD * 5 })).toBe(false);
  });
});

describe("parseMonth and monthBounds", () => {
  it("reads yyyy-mm and refuses anything else", () => {
    expect(parseMonth("2026-11")).toEqual({ year: 2026, month: 11 });
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "", null, "2026-11-01"]) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it("a month runs from midnight of its first day in India to midnight of the next month's", () => {
    const { start, end } = monthBounds({ year: 2026, month: 12 });
    expect(start.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(end.toISOString()).toBe("2026-12-31T18:30:00.000Z");
  });
});

describe("gstr1File", () => {
  const tax = computeInvoiceTax({
    items: [
      {
        description: "A",
        hsnCode: "3004",
        gstRate: 12,
        quantity: 2,
        unitPrice: 11_200,
        totalPrice: 22_400,
      },
    ],
    discount: 0,
    shipping: 5_000,
    supplierState: "Maharashtra",
    placeOfSupply: "Maharashtra",
  });
  const invoice = {
    number: "INV/26-27/000007",
    date: new Date("2026-11-10T06:00:00Z"),
    placeOfSupply: "Maharashtra",
    supply: tax.supply,
    total: tax.totals.total,
    lines: tax.lines,
  };
  const input = {
    month: "2026-11",
    invoices: [invoice],
    creditNotes: [],
  };

  it("puts an intra-state invoice in B2C small by rate, shipping at the goods' rate", () => {
    const file = gstr1File("b2cs", input);
    expect(file.rows).toEqual([
      ["OE", "27-Maharashtra", "", 12, rupees(tax.totals.taxableValue), 0, ""],
    ]);
    expect(gstr1File("b2cl", input).rows).toEqual([]);
  });

  it("summarises goods by HSN in numbers and shipping by SAC without a quantity", () => {
    const rows = gstr1File("hsn", input).rows;
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ["3004", "", "NOS-NUMBERS", 2],
      ["996812", "Shipping charges", "NA", 0],
    ]);
  });

  it("lists nothing for a month without documents", () => {
    const empty = { ...input, invoices: [] };
    expect(gstr1File("docs", empty).rows).toEqual([]);
    expect(gstr1File("b2cs", empty).rows).toEqual([]);
  });

  it("keeps an invoice credited in full as issued, its credit note in its own series, nothing cancelled", () => {
    const note = computeCreditNote(tax.supply, tax.lines, [], "rest");
    const credited = {
      ...input,
      creditNotes: [
        {
          number: "CN/26-27/000003",
          date: new Date("2026-11-12T06:00:00Z"),
          amount: note.totals.amount,
          invoice,
          lines: note.lines,
        },
      ],
    };
    expect(gstr1File("docs", credited).rows).toEqual([
      ["Invoices for outward supply", "INV/26-27/000007", "INV/26-27/000007", 1, 0],
      ["Credit Note", "CN/26-27/000003", "CN/26-27/000003", 1, 0],
    ]);
    // The sale is reported once and taken back once: nothing is left of it.
    expect(gstr1File("b2cs", credited).rows).toEqual([]);
  });
});
