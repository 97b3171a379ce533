import { and, desc, eq } from "drizzle-orm";
import { addresses } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

export const addressColumns = {
  id: addresses.id,
  fullName: addresses.fullName,
  phone: addresses.phone,
  addressLine1: addresses.addressLine1,
  addressLine2: addresses.addressLine2,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  isDefault: addresses.isDefault,
};

/** docs/SPEC.md §7: the customer's addresses, default first, then newest. */
export async function listAddresses(executor: Executor, userId: string) {
  return executor
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
}

/** The PIN code of the customer's default address, or null without one (docs/decisions/077). */
export async function defaultAddressPin(executor: Executor, userId: string) {
  const [address] = await executor
    .select({ postalCode: addresses.postalCode })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  return address?.postalCode ?? null;
}

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

/** One of the customer's own addresses, or null (another customer's id finds nothing). */
export async function findOwnAddress(executor: Executor, userId: string, addressId: string) {
  const [address] = await executor
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return address ?? null;
}
