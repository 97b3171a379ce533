import { describe, expect, it } from "vitest";
import {
  DEFAULT_COUNTRY_OF_ORIGIN,
  type LegalShop,
  legalDetailsOf,
  legalGapsText,
  MEDICAL_SUPERVISION_CAUTION,
  missingLegalDetails,
  missingShopLegalDetails,
  netQuantityProblem,
  parseNetQuantity,
  unitSalePrice,
} from "./legal-metrology";

describe("net quantity from a size's label", () => {
  it.each([
    ["60 tablets", "count", 60, "60 tablets", "tablet"],
    ["1 tablet", "count", 1, "1 tablet", "tablet"],
    ["120 Tabs", "count", 120, "120 tablets", "tablet"],
    ["30 capsules", "count", 30, "30 capsules", "capsule"],
    ["10 sachets", "count", 10, "10 sachets", "sachet"],
    ["Pack of 80 tablets", "count", 80, "80 tablets", "tablet"],
    ["200 g", "mass", 200_000, "200 g", undefined],
    ["200g", "mass", 200_000, "200 g", undefined],
    ["250 gm", "mass", 250_000, "250 g", undefined],
    ["1 kg", "mass", 1_000_000, "1 kg", undefined],
    ["1.5 Kg", "mass", 1_500_000, "1.5 kg", undefined],
    ["7.5 g", "mass", 7_500, "7.5 g", undefined],
    ["500 ml", "volume", 500_000, "500 ml", undefined],
    ["450 mL", "volume", 450_000, "450 ml", undefined],
    ["1 L", "volume", 1_000_000, "1 L", undefined],
    ["1 litre", "volume", 1_000_000, "1 L", undefined],
    ["0.75 ltr", "volume", 750_000, "0.75 L", undefined],
    ["Bottle of 200 ml", "volume", 200_000, "200 ml", undefined],
    ["  2  L ", "volume", 2_000_000, "2 L", undefined],
  ])("%j is %s %i, written %j", (label, measure, amount, text, noun) => {
    expect(parseNetQuantity(label)).toEqual({ measure, amount, text, noun });
  });

  it.each([
    "",
    "Family pack",
    "Large",
    "60",
    "tablets",
    "2.5 tablets",
    "0 g",
    "0.0 ml",
    "-5 g",
    "1,000 g",
    "500 g + 100 g free",
    "2 x 60 tablets",
    "1.2345 kg",
    "5 spoons",
  ])("%j has no quantity the shop can read", (label) => {
    expect(parseNetQuantity(label)).toBeNull();
  });

  it("says what to type when a typed net quantity cannot be read", () => {
    expect(netQuantityProblem("about a handful")).toBe(
      "Net quantity must be a number and a unit, e.g. 60 tablets, 200 g or 500 ml",
    );
    expect(netQuantityProblem("60 tablets")).toBeNull();
  });
});

describe("unit sale price", () => {
  it("is per tablet for a count, per 100 g for a mass, per 100 ml for a volume", () => {
    expect(unitSalePrice(24900, parseNetQuantity("60 tablets")!)).toEqual({
      paise: 415,
      per: "tablet",
      text: "₹4.15 per tablet",
    });
    expect(unitSalePrice(39900, parseNetQuantity("400 g")!)).toEqual({
      paise: 9975,
      per: "100 g",
      text: "₹99.75 per 100 g",
    });
    expect(unitSalePrice(21900, parseNetQuantity("1 L")!)).toEqual({
      paise: 2190,
      per: "100 ml",
      text: "₹21.90 per 100 ml",
    });
    expect(unitSalePrice(64900, parseNetQuantity("1 kg")!).text).toBe("₹64.90 per 100 g");
    expect(unitSalePrice(14900, parseNetQuantity("50 ml")!).text).toBe("₹298.00 per 100 ml");
    expect(unitSalePrice(35000, parseNetQuantity("1 capsule")!).text).toBe("₹350.00 per capsule");
  });

  it("rounds to the nearest paisa, a half paisa up", () => {
    // ₹649 / 120 = 540.83 paise; ₹10 / 3 = 333.33; ₹1 / 8 = 12.5 -> 13; ₹1 / 16 = 6.25 -> 6.
    expect(unitSalePrice(64900, parseNetQuantity("120 tablets")!).paise).toBe(541);
    expect(unitSalePrice(1000, parseNetQuantity("3 tablets")!).paise).toBe(333);
    expect(unitSalePrice(100, parseNetQuantity("8 tablets")!).paise).toBe(13);
    expect(unitSalePrice(100, parseNetQuantity("16 tablets")!).paise).toBe(6);
    // ₹115 for 200 ml = ₹57.50 exactly; ₹99.99 for 7.5 g = 1333.2 per 100 g.
    expect(unitSalePrice(11500, parseNetQuantity("200 ml")!).paise).toBe(5750);
    expect(unitSalePrice(9999, parseNetQuantity("7.5 g")!).paise).toBe(133320);
  });
});

const SHOP: LegalShop = {
  name: "Satara Ayurveda",
  address: "12 Powai Naka, Satara, Maharashtra 415003",
  gstin: "27AAACS1429B1ZS",
  grievanceOfficer: {
    name: "Meera Kulkarni",
    designation: "Grievance Officer",
    email: "grievance@shop.example",
    phone: "+91 21620 00000",
  },
};

const size = (overrides: Partial<Parameters<typeof legalDetailsOf>[0]["sizes"][number]> = {}) => ({
  id: "size-1",
  label: "60 tablets",
  netQuantity: null,
  price: 27900,
  discountPrice: 24900,
  stockQuantity: 10,
  nextExpiry: "2027-03-31",
  ...overrides,
});

const product = (overrides: Partial<Parameters<typeof legalDetailsOf>[0]> = {}) => ({
  manufacturerName: null,
  manufacturerAddress: null,
  countryOfOrigin: null,
  medicalSupervision: false,
  sizes: [size()],
  ...overrides,
});

describe("what a product page declares", () => {
  it("defaults the manufacturer to the shop at its address, the country to India", () => {
    const legal = legalDetailsOf(product(), SHOP);
    expect(legal.manufacturer).toEqual({ name: SHOP.name, address: SHOP.address });
    expect(legal.countryOfOrigin).toBe(DEFAULT_COUNTRY_OF_ORIGIN);
    expect(DEFAULT_COUNTRY_OF_ORIGIN).toBe("India");
    expect(legal.caution).toBeNull();
    expect(legal.seller).toEqual(SHOP);
    expect(legal.packs).toEqual([
      {
        sizeId: "size-1",
        mrp: 27900,
        netQuantity: "60 tablets",
        unitPrice: "₹4.15 per tablet",
        unitPriceMeasure: { paise: 415, per: "tablet", measure: "count", value: 1 },
        bestBefore: "Mar 2027",
      },
    ]);
  });

  it("takes the owner's manufacturer, country, net quantity and caution over the defaults", () => {
    const legal = legalDetailsOf(
      product({
        manufacturerName: "Krishna Herbals",
        manufacturerAddress: "Plot 4, MIDC, Wai 412803",
        countryOfOrigin: "Nepal",
        medicalSupervision: true,
        sizes: [size({ label: "", netQuantity: "400 g", discountPrice: null, price: 39900 })],
      }),
      SHOP,
    );
    expect(legal.manufacturer).toEqual({
      name: "Krishna Herbals",
      address: "Plot 4, MIDC, Wai 412803",
    });
    expect(legal.countryOfOrigin).toBe("Nepal");
    expect(legal.caution).toBe(MEDICAL_SUPERVISION_CAUTION);
    expect(MEDICAL_SUPERVISION_CAUTION).toBe("To be taken under medical supervision");
    expect(legal.packs[0]).toMatchObject({
      netQuantity: "400 g",
      unitPrice: "₹99.75 per 100 g",
      unitPriceMeasure: { paise: 9975, per: "100 g", measure: "mass", value: 100 },
    });
  });

  it("leaves out what cannot be read: no quantity, no unit price; no dated batch or no stock, no best-before", () => {
    const legal = legalDetailsOf(
      product({
        sizes: [
          size({ id: "a", label: "Family pack" }),
          size({ id: "b", label: "500 ml", nextExpiry: null }),
          size({ id: "c", label: "1 L", stockQuantity: 0 }),
        ],
      }),
      SHOP,
    );
    expect(legal.packs.map((pack) => [pack.netQuantity, pack.unitPrice, pack.bestBefore])).toEqual([
      [null, null, "Mar 2027"],
      ["500 ml", "₹49.80 per 100 ml", null],
      ["1 L", "₹24.90 per 100 ml", null],
    ]);
  });
});

describe("what the owner is told is missing", () => {
  it("names each detail that cannot be derived, with the sizes it is missing for", () => {
    const gaps = missingLegalDetails([
      size({ label: "Family pack" }),
      size({ label: "500 ml", nextExpiry: null }),
      size({ label: "1 L", stockQuantity: 0, nextExpiry: null }),
      size({ label: "Trial", netQuantity: "20 tablets" }),
    ]);
    expect(gaps).toEqual([
      { detail: "net quantity", sizes: ["Family pack"] },
      { detail: "best before", sizes: ["500 ml"] },
    ]);
    expect(legalGapsText(gaps)).toBe("net quantity (Family pack), best before (500 ml)");
  });

  it("names no size for a product's only size", () => {
    const gaps = missingLegalDetails([size({ label: "", nextExpiry: null })]);
    expect(legalGapsText(gaps)).toBe("net quantity, best before");
  });

  it("has nothing to say of a product whose every size can be declared", () => {
    expect(missingLegalDetails([size(), size({ label: "", netQuantity: "1 kg" })])).toEqual([]);
  });

  it("names the seller's details the shop's settings lack", () => {
    expect(missingShopLegalDetails(SHOP)).toEqual([]);
    expect(
      missingShopLegalDetails({
        ...SHOP,
        gstin: "",
        grievanceOfficer: { name: "", designation: "", email: "", phone: "" },
      }),
    ).toEqual(["seller's GSTIN", "grievance officer"]);
  });
});
