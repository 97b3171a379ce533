import { addDays, monthEnd, sellableFrom } from "../../app/domain/stock-lots";

/** A demo size's stock, as the catalog data gives it. */
export type DemoSizeStock = {
  variantId: string;
  productSlug: string;
  label: string;
  stock: number;
};

export type DemoLot = {
  variantId: string;
  batchNumber: string;
  manufacturedOn: string;
  expiresOn: string;
  quantity: number;
  receivedAt: Date;
};

/** The demo size with a batch expiring soon, and the one whose only batch has expired. */
export const DEMO_EXPIRING_SOON = { productSlug: "ashwagandha-tablet", label: "60 tablets" };
export const DEMO_EXPIRED = { productSlug: "chyawanprash-special", label: "500 g", quantity: 12 };
/** The sold-out product's only batch: not expired, but too close to its expiry to be sold. */
export const DEMO_SHORT_DATED = { productSlug: "lasuna-capsule", label: "", quantity: 6 };

const DAY_MS = 24 * 60 * 60 * 1000;

function monthStart(date: string) {
  return `${date.slice(0, 7)}-01`;
}

/** The last day of the month `months` after the month of `date`. */
function monthEndAfter(date: string, months: number) {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return monthEnd(Math.floor(index / 12), (index % 12) + 1);
}

/** "SA-2611-014": the shop's initials, the year and month of manufacture, and a running number. */
function batchNumber(manufacturedOn: string, sequence: number) {
  return `SA-${manufacturedOn.slice(2, 4)}${manufacturedOn.slice(5, 7)}-${String(sequence).padStart(3, "0")}`;
}

/**
 * The demo catalog's batches (docs/decisions/059): each size's stock as one or two batches (an
 * older one made about ten months ago, most of the stock in a newer one), whose sellable units
 * add up to the size's stock; one batch expires within the expiring-soon window, the sold-out
 * 500 g size holds an expired batch, on hand but not sold, and the sold-out product a batch too
 * close to its expiry to be sold. `today` is the shop's date.
 */
export function demoLots(
  sizes: DemoSizeStock[],
  today: string,
  minShelfLifeDays: number,
  now: number,
): DemoLot[] {
  const lots: DemoLot[] = [];
  let sequence = 11;
  const lot = (
    variantId: string,
    made: string,
    expires: string,
    quantity: number,
    agoDays: number,
  ) =>
    lots.push({
      variantId,
      batchNumber: batchNumber(made, sequence++),
      manufacturedOn: made,
      expiresOn: expires,
      quantity,
      receivedAt: new Date(now - agoDays * DAY_MS),
    });
  for (const [index, size] of sizes.entries()) {
    const older = monthStart(addDays(today, -300));
    const newer = monthStart(addDays(today, -75));
    if (size.productSlug === DEMO_EXPIRED.productSlug && size.label === DEMO_EXPIRED.label) {
      // Expired last month: still on the shelf, never sold.
      lot(
        size.variantId,
        monthStart(addDays(today, -760)),
        monthEndAfter(today, -2),
        DEMO_EXPIRED.quantity,
        700,
      );
    }
    if (
      size.productSlug === DEMO_SHORT_DATED.productSlug &&
      size.label === DEMO_SHORT_DATED.label
    ) {
      const expires = monthEnd(...yearMonth(addDays(today, 40)));
      lot(
        size.variantId,
        monthStart(addDays(today, -700)),
        expires,
        DEMO_SHORT_DATED.quantity,
        600,
      );
    }
    if (size.stock <= 0) continue;
    const soon =
      size.productSlug === DEMO_EXPIRING_SOON.productSlug &&
      size.label === DEMO_EXPIRING_SOON.label;
    const olderExpiry = soon
      ? // The month that ends a fortnight or more past the shelf-life line: sellable, expiring soon.
        monthEnd(...yearMonth(addDays(sellableFrom(today, minShelfLifeDays), 15)))
      : monthEndAfter(older, 24);
    if (size.stock >= 20 && (soon || index % 3 !== 2)) {
      const first = Math.floor(size.stock * 0.35);
      lot(size.variantId, older, olderExpiry, first, 280);
      lot(size.variantId, newer, monthEndAfter(newer, 30), size.stock - first, 60);
    } else if (index % 2 === 0 && !soon) {
      lot(size.variantId, newer, monthEndAfter(newer, 30), size.stock, 60);
    } else {
      lot(size.variantId, older, olderExpiry, size.stock, 280);
    }
  }
  return lots;
}

function yearMonth(date: string): [number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
}
