import { cartLineProblemMessage } from "./cart-line-problems";
import { MAX_QUANTITY_PER_PRODUCT } from "./validation/cart";

/**
 * A quantity typed into the cart, lowered to what the line may hold: at most 10 (docs/SPEC.md §9) and
 * never more than the stock. `reason` says why when it was lowered. Expects a stock above 0.
 */
export function capQuantity(
  wanted: number,
  stock: number,
  name: string,
): { quantity: number; reason: string | null } {
  const limit = Math.min(MAX_QUANTITY_PER_PRODUCT, stock);
  if (wanted <= limit) return { quantity: wanted, reason: null };
  return {
    quantity: limit,
    reason:
      stock < MAX_QUANTITY_PER_PRODUCT
        ? cartLineProblemMessage({ name, problem: "short", stock })
        : `You can buy at most ${MAX_QUANTITY_PER_PRODUCT} of ${name}`,
  };
}
