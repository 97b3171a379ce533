/**
 * What a product page declares for each pack by law (docs/decisions/073): the Legal Metrology
 * (Packaged Commodities) Rules 2011, rules 6 and 10 (MRP inclusive of all taxes, net quantity,
 * unit sale price, manufacturer, country of origin, best before) and the Consumer Protection
 * (E-Commerce) Rules 2020 (the seller, its GSTIN, grievance officer and return policy). Each value
 * is the owner's where they gave one, else derived from the size or the shop's settings. Pure
 * rules, shared by the pages and the back office.
 */
import { formatRupees, type Paise } from "./money";
import { expiryMonth } from "./stock-lots";

export const DEFAULT_COUNTRY_OF_ORIGIN = "India";
/** Drugs and Cosmetics Rules 1945, rule 161(2): a medicine with a Schedule E(1) ingredient. */
export const MEDICAL_SUPERVISION_CAUTION = "To be taken under medical supervision";
export const NET_QUANTITY_MESSAGE =
  "Net quantity must be a number and a unit, e.g. 60 tablets, 200 g or 500 ml";
export const MAX_NET_QUANTITY_LENGTH = 40;

export type Measure = "mass" | "volume" | "count";

export type NetQuantity = {
  measure: Measure;
  /** Milligrams for a mass, microlitres for a volume, units for a count. */
  amount: number;
  /** As the page writes it: "500 g", "1 L", "60 tablets". */
  text: string;
  /** What a count counts, in the singular: "tablet". */
  noun: string | undefined;
};

/** Milligrams or microlitres in one of the unit. */
const UNITS: Record<string, { measure: Exclude<Measure, "count">; per: number; symbol: string }> =
  {};
for (const [names, measure, per, symbol] of [
  [["g", "gm", "gms", "gram", "grams"], "mass", 1_000, "g"],
  [["kg", "kgs", "kilo", "kilogram", "kilograms"], "mass", 1_000_000, "kg"],
  [["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"], "volume", 1_000, "ml"],
  [["l", "ltr", "ltrs", "litre", "litres", "liter", "liters"], "volume", 1_000_000, "L"],
] as const) {
  for (const name of names) UNITS[name] = { measure, per, symbol };
}

/** The things a pack may be counted in, by the words a label may use for them. */
const COUNT_NOUNS: Record<string, [singular: string, plural: string]> = {};
for (const [names, singular, plural] of [
  [["tablet", "tablets", "tab", "tabs"], "tablet", "tablets"],
  [["capsule", "capsules", "cap", "caps"], "capsule", "capsules"],
  [["pill", "pills"], "pill", "pills"],
  [["sachet", "sachets"], "sachet", "sachets"],
  [["lozenge", "lozenges"], "lozenge", "lozenges"],
  [["softgel", "softgels"], "softgel", "softgels"],
  [["piece", "pieces", "pc", "pcs"], "piece", "pieces"],
] as const) {
  for (const name of names) COUNT_NOUNS[name] = [singular, plural];
}

const QUANTITY =
  /^(?:(?:pack|bottle|jar|box|tube|tin|pouch) of )?(\d{1,6}(?:\.\d{1,3})?) ?([a-z]+)$/;

/**
 * The net quantity a size's label (or the owner's own net quantity) states: "60 tablets",
 * "500 ml", "200 g", "1.5 kg", "Pack of 80 tablets"; null when it states none the shop can read
 * ("Family pack", "2 x 60 tablets", "500 g + 100 g free").
 */
export function parseNetQuantity(label: string): NetQuantity | null {
  const match = QUANTITY.exec(label.trim().replace(/\s+/g, " ").toLowerCase());
  if (!match) return null;
  const [, number, unitName] = match as unknown as [string, string, string];
  const [whole, fraction = ""] = number.split(".");
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
  if (thousandths <= 0) return null;
  const written = String(thousandths / 1000);
  const unit = UNITS[unitName];
  if (unit) {
    const amount = (thousandths * unit.per) / 1000;
    return { measure: unit.measure, amount, text: `${written} ${unit.symbol}`, noun: undefined };
  }
  const noun = COUNT_NOUNS[unitName];
  if (!noun || thousandths % 1000 !== 0) return null;
  const count = thousandths / 1000;
  return {
    measure: "count",
    amount: count,
    text: `${count} ${noun[count === 1 ? 0 : 1]}`,
    noun: noun[0],
  };
}

/** The owner's typed net quantity's problem, or null when the shop can read it. */
export function netQuantityProblem(text: string): string | null {
  return parseNetQuantity(text) ? null : NET_QUANTITY_MESSAGE;
}

export type UnitPrice = { paise: Paise; per: string; text: string };

/** What a unit sale price is per, and that reference in the measure's smallest unit. */
function reference(quantity: NetQuantity) {
  if (quantity.measure === "mass") return { per: "100 g", value: 100, smallest: 100_000 };
  if (quantity.measure === "volume") return { per: "100 ml", value: 100, smallest: 100_000 };
  return { per: quantity.noun ?? "unit", value: 1, smallest: 1 };
}

/**
 * The price per tablet, per 100 g or per 100 ml of a pack sold at `salePrice`, to the nearest
 * paisa (a half paisa up).
 */
export function unitSalePrice(salePrice: Paise, quantity: NetQuantity): UnitPrice {
  const { per, smallest } = reference(quantity);
  const numerator = salePrice * smallest;
  const paise = Math.floor((2 * numerator + quantity.amount) / (2 * quantity.amount));
  return { paise, per, text: `${formatRupees(paise)} per ${per}` };
}

export type GrievanceOfficer = { name: string; designation: string; email: string; phone: string };

/** The seller the pages name: the shop, from its settings. */
export type LegalShop = {
  name: string;
  /** One line: "12 Powai Naka, Satara, Maharashtra 415003". */
  address: string;
  /** Empty until the shop is registered for GST. */
  gstin: string;
  grievanceOfficer: GrievanceOfficer;
};

/** A product's own legal fields; null (or false) takes the default. */
export type ProductLegalFields = {
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  countryOfOrigin: string | null;
  medicalSupervision: boolean;
};

/** What a size contributes: its label, the owner's net quantity, prices, stock, next batch. */
export type SizeForLegal = {
  id: string;
  label: string;
  netQuantity?: string | null;
  price: Paise;
  discountPrice: Paise | null;
  stockQuantity: number;
  /** The expiry of the batch that ships next; null when it has none. */
  nextExpiry?: string | null;
};

export type PackDeclaration = {
  sizeId: string;
  /** The maximum retail price, inclusive of all taxes: the size's price. */
  mrp: Paise;
  netQuantity: string | null;
  unitPrice: string | null;
  /** For structured data: the unit price and what it is per. */
  unitPriceMeasure: { paise: Paise; per: string; measure: Measure; value: number } | null;
  /** "Mar 2027": the month of the batch that ships next; null out of stock or undated. */
  bestBefore: string | null;
};

export type LegalDetails = {
  manufacturer: { name: string; address: string };
  countryOfOrigin: string;
  caution: string | null;
  seller: LegalShop;
  packs: PackDeclaration[];
};

function netQuantityOf(size: Pick<SizeForLegal, "label" | "netQuantity">) {
  return parseNetQuantity(size.netQuantity ?? size.label);
}

export function packDeclaration(size: SizeForLegal): PackDeclaration {
  const quantity = netQuantityOf(size);
  const unit = quantity ? unitSalePrice(size.discountPrice ?? size.price, quantity) : null;
  return {
    sizeId: size.id,
    mrp: size.price,
    netQuantity: quantity?.text ?? null,
    unitPrice: unit?.text ?? null,
    unitPriceMeasure:
      quantity && unit
        ? {
            paise: unit.paise,
            per: unit.per,
            measure: quantity.measure,
            value: reference(quantity).value,
          }
        : null,
    bestBefore: size.stockQuantity > 0 && size.nextExpiry ? expiryMonth(size.nextExpiry) : null,
  };
}

/** Every declaration of a product's page, each size's pack among them. */
export function legalDetailsOf(
  product: ProductLegalFields & { sizes: readonly SizeForLegal[] },
  shop: LegalShop,
): LegalDetails {
  return {
    manufacturer: {
      name: product.manufacturerName ?? shop.name,
      address: product.manufacturerAddress ?? shop.address,
    },
    countryOfOrigin: product.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
    caution: product.medicalSupervision ? MEDICAL_SUPERVISION_CAUTION : null,
    seller: shop,
    packs: product.sizes.map(packDeclaration),
  };
}

export type LegalGap = { detail: "net quantity" | "best before"; sizes: string[] };

/**
 * What a product's page cannot declare for its sizes on sale: a net quantity neither the label
 * nor the owner states, and a best-before for a size in stock whose next batch has no expiry.
 */
export function missingLegalDetails(
  sizes: readonly Pick<SizeForLegal, "label" | "netQuantity" | "stockQuantity" | "nextExpiry">[],
): LegalGap[] {
  const gaps: LegalGap[] = [
    { detail: "net quantity", sizes: sizes.filter((s) => !netQuantityOf(s)).map((s) => s.label) },
    {
      detail: "best before",
      sizes: sizes.filter((s) => s.stockQuantity > 0 && !s.nextExpiry).map((s) => s.label),
    },
  ];
  return gaps.filter((gap) => gap.sizes.length > 0);
}

/** "net quantity (Family pack), best before (500 ml)"; a product's only size is not named. */
export function legalGapsText(gaps: readonly LegalGap[]): string {
  return gaps
    .map((gap) => {
      const named = gap.sizes.filter(Boolean);
      return named.length ? `${gap.detail} (${named.join(", ")})` : gap.detail;
    })
    .join(", ");
}

/** The seller's details every page needs that the shop's settings do not have yet. */
export function missingShopLegalDetails(shop: LegalShop): string[] {
  const officer = shop.grievanceOfficer;
  return [
    shop.gstin ? null : "seller's GSTIN",
    officer.name && (officer.email || officer.phone) ? null : "grievance officer",
  ].filter((gap): gap is string => gap !== null);
}
