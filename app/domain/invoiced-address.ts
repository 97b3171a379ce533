/**
 * An issued tax invoice names the place of supply, the state its goods are delivered to, and
 * charges CGST and SGST or IGST by it (docs/decisions/074). The owner's "Update address" may
 * correct the street, the PIN code or the phone, but not move an invoiced order to another
 * state: the invoice, its GSTR-1 row and its tax would no longer match where the goods go.
 */
import { sameState } from "./gst-states";

export function invoicedStateNote(invoiceNumber: string, state: string) {
  return `Tax invoice ${invoiceNumber} was issued for delivery in ${state}: the address can change within ${state} only.`;
}

/** Why the address of an invoiced order may not move to `nextState`; null when it may. */
export function invoicedStateRefusal(
  order: { orderNumber: string; invoiceNumber: string | null },
  currentState: string,
  nextState: string,
): string | null {
  if (order.invoiceNumber === null || sameState(currentState, nextState)) return null;
  return `Order ${order.orderNumber}'s tax invoice ${order.invoiceNumber} was issued for delivery in ${currentState}, so the state cannot change. To deliver to another state, cancel the order and place a new one.`;
}
