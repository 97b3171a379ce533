import { and, count, desc, eq, sql } from "drizzle-orm";
import { addresses, profiles } from "../../../db/schema";
import type { AddressInput } from "../../domain/validation/address";
import { AppError } from "../../lib/app-error";
import type { Database, Transaction } from "../../lib/db.server";
import { addressColumns, type SavedAddress } from "./addresses-read.server";

/** Another customer's address, or one already deleted: the id finds nothing for this customer. */
export class AddressNotFoundError extends AppError {
  constructor() {
    super("That address could not be found", { status: 404 });
  }
}

/** A rule of the address book was broken (shown to the customer as it is). */
export class AddressError extends AppError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

/** Enough for home, work and family; stops a script from filling the table. */
export const MAX_SAVED_ADDRESSES = 20;

export type SaveAddressInput = AddressInput & { addressId?: string; isDefault?: boolean };

/**
 * Every write locks the customer's profile row first, so two writes of one customer (two tabs,
 * a double submit) run one after the other and "exactly one default" always holds.
 */
async function lockAddressBook(tx: Transaction, userId: string) {
  const [owner] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("no key update");
  if (!owner) throw new AddressNotFoundError();
}

async function lockOwnAddress(tx: Transaction, userId: string, addressId: string) {
  const [address] = await tx
    .select({ id: addresses.id, isDefault: addresses.isDefault })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .for("update");
  if (!address) throw new AddressNotFoundError();
  return address;
}

/** docs/SPEC.md §4: clear is_default on all the customer's addresses, then set it on the chosen one. */
async function makeDefault(tx: Transaction, userId: string, addressId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

function addressValues(input: AddressInput) {
  return {
    fullName: input.fullName,
    phone: input.phone,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 ?? null,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
  };
}

/**
 * Adds an address (no `addressId`) or edits one of the customer's own. The first address a
 * customer saves becomes the default; `isDefault` makes this one the default. The default cannot
 * be switched off by editing it, only moved to another address, so there is always exactly one.
 */
export async function saveAddress(
  database: Database,
  userId: string,
  input: SaveAddressInput,
): Promise<{ status: "added" | "updated"; address: SavedAddress }> {
  return database.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    if (input.addressId) {
      const existing = await lockOwnAddress(tx, userId, input.addressId);
      await tx
        .update(addresses)
        .set(addressValues(input))
        .where(and(eq(addresses.id, existing.id), eq(addresses.userId, userId)));
      if (input.isDefault && !existing.isDefault) await makeDefault(tx, userId, existing.id);
      return { status: "updated" as const, address: await readOwn(tx, userId, existing.id) };
    }
    const [saved] = await tx
      .select({ count: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const existingCount = saved?.count ?? 0;
    if (existingCount >= MAX_SAVED_ADDRESSES) {
      throw new AddressError(
        `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`,
      );
    }
    const [inserted] = await tx
      .insert(addresses)
      .values({ userId, ...addressValues(input), isDefault: false })
      .returning({ id: addresses.id });
    if (existingCount === 0 || input.isDefault) await makeDefault(tx, userId, inserted!.id);
    return { status: "added" as const, address: await readOwn(tx, userId, inserted!.id) };
  });
}

/**
 * The checkout's "save this address", inside the order's transaction: it joins the customer's
 * book, as the default when they have none. A full book keeps the order going without saving
 * (null): the order matters more than the copy. The book is locked as `saveAddress` locks it.
 */
export async function addCheckoutAddress(tx: Transaction, userId: string, input: AddressInput) {
  await lockAddressBook(tx, userId);
  const [book] = await tx
    .select({ count: count(), defaults: count(sql`case when ${addresses.isDefault} then 1 end`) })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  if ((book?.count ?? 0) >= MAX_SAVED_ADDRESSES) return null;
  const [saved] = await tx
    .insert(addresses)
    .values({ userId, ...addressValues(input), isDefault: (book?.defaults ?? 0) === 0 })
    .returning({ id: addresses.id });
  return saved!.id;
}

/** Deletes one of the customer's addresses; if it was the default, the newest remaining one is. */
export async function deleteAddress(database: Database, userId: string, addressId: string) {
  return database.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const existing = await lockOwnAddress(tx, userId, addressId);
    await tx
      .delete(addresses)
      .where(and(eq(addresses.id, existing.id), eq(addresses.userId, userId)));
    if (!existing.isDefault) return { promotedAddressId: null };
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) await makeDefault(tx, userId, newest.id);
    return { promotedAddressId: newest?.id ?? null };
  });
}

/** docs/SPEC.md §4 / §7: the chosen address becomes the only default. */
export async function setDefaultAddress(database: Database, userId: string, addressId: string) {
  await database.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    await lockOwnAddress(tx, userId, addressId);
    await makeDefault(tx, userId, addressId);
  });
}

async function readOwn(tx: Transaction, userId: string, addressId: string) {
  const [address] = await tx
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!address) throw new AddressNotFoundError();
  return address;
}
