/** Why a cart line cannot be bought as it is (the cart flags it and leaves it out of the totals). */
export type CartLineProblem = "unavailable" | "out-of-stock" | "short";

/**
 * What the shopper is told about one such line, wherever stock stops them (adding to the cart,
 * setting a quantity, checkout and the cart it sends them back to): the product's name and, when
 * some are left, how many.
 */
export function cartLineProblemMessage(line: {
  name: string;
  problem: CartLineProblem;
  stock: number;
}) {
  switch (line.problem) {
    case "unavailable":
      return `${line.name} is no longer available`;
    case "out-of-stock":
      return `${line.name} is out of stock`;
    case "short":
      return line.stock <= 0
        ? `${line.name} is out of stock`
        : `Only ${line.stock} of ${line.name} left in stock`;
  }
}

/** The lines named at most in one message; the rest are counted. */
const NAMED_AT_MOST = 3;

/**
 * Why checkout sent the shopper back to the cart: each flagged line's problem, then what to do.
 * A shopper whose last unit sold while they filled in the address reads which product it was.
 */
export function cartProblemsDescription(
  lines: readonly { name: string; problem: CartLineProblem; stock: number }[],
) {
  const named = lines.slice(0, NAMED_AT_MOST).map((line) => `${cartLineProblemMessage(line)}.`);
  const more = lines.length - NAMED_AT_MOST;
  if (more > 0) named.push(more === 1 ? "1 more item too." : `${more} more items too.`);
  return [...named, "Adjust the flagged items in your cart, then check out."].join(" ");
}
