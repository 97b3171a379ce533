import { formatRupeesShort, type Paise } from "./money";

/** docs/SPEC.md §9: the percent-off badge is round((price - discount price) / price x 100). */
export function discountPercent(price: number, discountPrice: number | null): number {
  if (discountPrice === null || discountPrice >= price || price <= 0) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}

/** docs/SPEC.md §9: stars shown filled = floor of the rating, within 0..5. */
export function filledStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.floor(rating)));
}

/** Stock text of a product page; "low" is at or below the shop's threshold (docs/DESIGN.md §6.10). */
export function stockText(stock: number, lowStockThreshold: number): string {
  if (stock <= 0) return "Out of Stock";
  return stock <= lowStockThreshold ? `Only ${stock} left in stock` : "In Stock";
}

/**
 * The cart's hint "Add ₹X more for free shipping" in whole rupees, rounded up so that spending X
 * always crosses the threshold (a gap of ₹339.01 reads ₹340).
 */
export function freeShippingHint(gap: Paise): string {
  return `Add ${formatRupeesShort(Math.ceil(gap / 100) * 100)} more for free shipping`;
}
