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

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

/** One of the customer's own addresses, or null (another customer's id finds nothing). */
export async function findOwnAddress(executor: Executor, userId: string, addressId: string) {
  const [address] = await executor
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return address ?? null;
}
