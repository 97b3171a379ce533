/**
 * The delivery a customer chooses at checkout (docs/decisions/022). The order stores the method
 * and the fee the server charged for it; the fee itself is priced in ./pricing.
 */
export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const DEFAULT_SHIPPING_METHOD: ShippingMethod = "standard";

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: "Standard delivery",
  express: "Express delivery",
};

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return typeof value === "string" && (SHIPPING_METHODS as readonly string[]).includes(value);
}

/** How a stored method is named wherever an order is shown or exported. */
export function shippingMethodLabel(method: string) {
  return isShippingMethod(method) ? SHIPPING_METHOD_LABELS[method] : method;
}
