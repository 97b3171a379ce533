import type { Serviceability, ServiceabilityQuery } from "./courier.server";
import { courier } from "./couriers.server";

/**
 * Whether the shop's courier reaches a PIN code with a parcel of this weight, from the shop's own
 * PIN code (settings); null while COURIER=off, where the checkout charges its flat fees as before.
 */
export async function checkServiceability(
  shopPin: string,
  query: Omit<ServiceabilityQuery, "originPin">,
): Promise<Serviceability | null> {
  const current = courier();
  if (!current) return null;
  return current.serviceability({ ...query, pin: query.pin.trim(), originPin: shopPin });
}
