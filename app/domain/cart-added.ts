/**
 * What an add to the cart says (docs/SPEC.md §8: 'Added to cart', 'Cart updated'). When the
 * shopper did not choose the size, as on a product card, and the product has several, the shop
 * chose its default size: the message names it (docs/decisions/071).
 */
export function cartAddedMessage(added: {
  status: "added" | "updated";
  /** The size's name, "Aloe Vera Juice – 1 L". */
  name: string;
  /** The line's quantity after the add. */
  quantity: number;
  sizeChosenByShop: boolean;
}): { title: string; description?: string } {
  if (!added.sizeChosenByShop) {
    return { title: added.status === "added" ? "Added to cart" : "Cart updated" };
  }
  return added.status === "added"
    ? { title: `Added ${added.name}` }
    : { title: "Cart updated", description: `${added.quantity} × ${added.name} in your cart` };
}
