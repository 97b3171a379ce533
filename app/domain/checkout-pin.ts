/**
 * The checkout's PIN code before "Place Order" (docs/decisions/077): its "Check" button, and the
 * notice when the total changed between the page's pricing and the order.
 */
import { formatRupees } from "./money";

/** "Check" beside the PIN code: the page priced for it, nothing placed. */
export const CHECK_PIN_INTENT = "check";

/** The notice of a total that moved, with the PIN code it is now priced for. */
export function totalChangedNotice(pin: string, total: number) {
  return `The total for PIN ${pin} is now ${formatRupees(total)}. Please check it and place your order again.`;
}

/** "Checking…" while the page is priced for a PIN code typed. */
export function checkingPinNotice(pin: string) {
  return `Checking the delivery fees and dates for PIN ${pin}…`;
}
