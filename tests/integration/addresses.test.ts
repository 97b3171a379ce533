import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  AddressError,
  AddressNotFoundError,
  deleteAddress,
  MAX_SAVED_ADDRESSES,
  saveAddress,
  setDefaultAddress,
} from "~/modules/accounts/addresses.server";
import { listAddresses } from "~/modules/accounts/addresses-read.server";
import { addresses } from "../../db/schema";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { type Customer, createCustomer, loadProfile, postProfile, SATARA } from "./support/profile";

let handle: DatabaseHandle;

const address = (overrides: Partial<typeof SATARA> = {}) => ({
  ...SATARA,
  addressLine2: null,
  ...overrides,
});

async function rowsOf(userId: string) {
  return handle.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

async function defaultsOf(userId: string) {
  return (await rowsOf(userId)).filter((row) => row.isDefault).map((row) => row.addressLine1);
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

describe(`the address book service on ${DATABASE_KIND}`, () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer();
  });

  it("makes the first address the default, and later ones only when asked", async () => {
    const first = await saveAddress(
      handle.db,
      customer.id,
      address({ addressLine1: "1 First Lane" }),
    );
    expect(first.status).toBe("added");
    expect(first.address).toMatchObject({ addressLine1: "1 First Lane", isDefault: true });
    const second = await saveAddress(
      handle.db,
      customer.id,
      address({ addressLine1: "2 Second Lane" }),
    );
    expect(second.address.isDefault).toBe(false);
    expect(await defaultsOf(customer.id)).toEqual(["1 First Lane"]);

    const third = await saveAddress(handle.db, customer.id, {
      ...address({ addressLine1: "3 Third Lane", addressLine2: "Near the temple" }),
      isDefault: true,
    });
    expect(third.address).toMatchObject({ isDefault: true, addressLine2: "Near the temple" });
    expect(await defaultsOf(customer.id)).toEqual(["3 Third Lane"]);
  });

  it("lists the default first, then the newest", async () => {
    const list = await listAddresses(handle.db, customer.id);
    expect(list.map((a) => [a.addressLine1, a.isDefault])).toEqual([
      ["3 Third Lane", true],
      ["2 Second Lane", false],
      ["1 First Lane", false],
    ]);
  });

  it("edits an address in place and can move the default to it", async () => {
    const [second] = (await rowsOf(customer.id)).filter((r) => r.addressLine1 === "2 Second Lane");
    const edited = await saveAddress(handle.db, customer.id, {
      ...address({ addressLine1: "2B Second Lane", city: "Pune", postalCode: "411001" }),
      addressId: second!.id,
    });
    expect(edited.status).toBe("updated");
    expect(edited.address).toMatchObject({
      id: second!.id,
      addressLine1: "2B Second Lane",
      city: "Pune",
      postalCode: "411001",
      isDefault: false,
    });
    expect(await rowsOf(customer.id)).toHaveLength(3);

    await saveAddress(handle.db, customer.id, {
      ...address({ addressLine1: "2B Second Lane" }),
      addressId: second!.id,
      isDefault: true,
    });
    expect(await defaultsOf(customer.id)).toEqual(["2B Second Lane"]);
  });

  it("keeps the default when its own form is saved without the box ticked", async () => {
    const [current] = (await rowsOf(customer.id)).filter((r) => r.isDefault);
    await saveAddress(handle.db, customer.id, {
      ...address({ addressLine1: current!.addressLine1, fullName: "Asha P Patil" }),
      addressId: current!.id,
      isDefault: false,
    });
    expect(await defaultsOf(customer.id)).toEqual([current!.addressLine1]);
  });

  it("sets the default: exactly one address holds it", async () => {
    const rows = await rowsOf(customer.id);
    for (const row of rows) {
      await setDefaultAddress(handle.db, customer.id, row.id);
      expect(await defaultsOf(customer.id)).toEqual([row.addressLine1]);
    }
    // Setting the one that already is the default changes nothing.
    await setDefaultAddress(handle.db, customer.id, rows.at(-1)!.id);
    expect(await defaultsOf(customer.id)).toEqual([rows.at(-1)!.addressLine1]);
  });

  it("deleting the default promotes the newest remaining address", async () => {
    const rows = await rowsOf(customer.id); // oldest first: 1 First, 2B Second, 3 Third
    await setDefaultAddress(handle.db, customer.id, rows[2]!.id);
    const result = await deleteAddress(handle.db, customer.id, rows[2]!.id);
    expect(result.promotedAddressId).toBe(rows[1]!.id);
    expect(await defaultsOf(customer.id)).toEqual(["2B Second Lane"]);
  });

  it("deleting another address leaves the default where it is", async () => {
    const rows = await rowsOf(customer.id);
    const other = rows.find((r) => !r.isDefault)!;
    expect((await deleteAddress(handle.db, customer.id, other.id)).promotedAddressId).toBeNull();
    expect(await defaultsOf(customer.id)).toEqual(["2B Second Lane"]);
    expect(await rowsOf(customer.id)).toHaveLength(1);
  });

  it("deleting the last address leaves an empty book, and the next one is the default", async () => {
    const [last] = await rowsOf(customer.id);
    await deleteAddress(handle.db, customer.id, last!.id);
    expect(await rowsOf(customer.id)).toEqual([]);
    const again = await saveAddress(
      handle.db,
      customer.id,
      address({ addressLine1: "9 New Lane" }),
    );
    expect(again.address.isDefault).toBe(true);
  });

  it("a deleted address cannot be edited, deleted or made default again", async () => {
    const saved = await saveAddress(
      handle.db,
      customer.id,
      address({ addressLine1: "7 Gone Lane" }),
    );
    await deleteAddress(handle.db, customer.id, saved.address.id);
    const before = await rowsOf(customer.id);
    await expect(
      saveAddress(handle.db, customer.id, { ...address(), addressId: saved.address.id }),
    ).rejects.toBeInstanceOf(AddressNotFoundError);
    await expect(deleteAddress(handle.db, customer.id, saved.address.id)).rejects.toBeInstanceOf(
      AddressNotFoundError,
    );
    await expect(
      setDefaultAddress(handle.db, customer.id, saved.address.id),
    ).rejects.toBeInstanceOf(AddressNotFoundError);
    expect(await rowsOf(customer.id)).toEqual(before);
  });

  it(`stops at ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const fresh = await createCustomer("Book Filler");
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) {
      await saveAddress(handle.db, fresh.id, address({ addressLine1: `${i + 1} Long Road` }));
    }
    await expect(
      saveAddress(handle.db, fresh.id, address({ addressLine1: "One Too Many" })),
    ).rejects.toBeInstanceOf(AddressError);
    expect(await rowsOf(fresh.id)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("gives exactly one default when several first addresses arrive at once", async () => {
    const fresh = await createCustomer("Quick Clicker");
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        saveAddress(handle.db, fresh.id, address({ addressLine1: `${i + 1} Race Street` })),
      ),
    );
    expect(await rowsOf(fresh.id)).toHaveLength(6);
    expect(await defaultsOf(fresh.id)).toHaveLength(1);
  });

  it("moves the default under concurrent requests and still leaves exactly one", async () => {
    const fresh = await createCustomer("Busy Tabs");
    const saved = [];
    for (let i = 0; i < 4; i++) {
      saved.push(
        (await saveAddress(handle.db, fresh.id, address({ addressLine1: `${i + 1} Tab Road` })))
          .address,
      );
    }
    const results = await Promise.allSettled([
      ...saved.map((a) => setDefaultAddress(handle.db, fresh.id, a.id)),
      deleteAddress(handle.db, fresh.id, saved[0]!.id),
      saveAddress(handle.db, fresh.id, {
        ...address({ addressLine1: "5 Tab Road" }),
        isDefault: true,
      }),
    ]);
    // Only making the deleted address the default may lose the race, and then as "not found".
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(AddressNotFoundError);
    }
    expect(await rowsOf(fresh.id)).toHaveLength(4);
    expect(await defaultsOf(fresh.id)).toHaveLength(1);
  });
});

describe(`another customer's addresses on ${DATABASE_KIND}`, () => {
  let owner: Customer;
  let intruder: Customer;
  let ownerAddressId: string;

  beforeAll(async () => {
    owner = await createCustomer("Owner Person");
    intruder = await createCustomer("Intruder Person");
    ownerAddressId = (await saveAddress(handle.db, owner.id, address())).address.id;
    await saveAddress(handle.db, owner.id, address({ addressLine1: "2 Other Lane" }));
    await saveAddress(handle.db, intruder.id, address({ addressLine1: "5 Intruder Road" }));
  });

  it("cannot be edited, deleted or made default through the services", async () => {
    const before = await rowsOf(owner.id);
    const intruderBefore = await rowsOf(intruder.id);
    await expect(
      saveAddress(handle.db, intruder.id, {
        ...address({ addressLine1: "Hijacked Road" }),
        addressId: ownerAddressId,
      }),
    ).rejects.toBeInstanceOf(AddressNotFoundError);
    await expect(deleteAddress(handle.db, intruder.id, ownerAddressId)).rejects.toBeInstanceOf(
      AddressNotFoundError,
    );
    await expect(setDefaultAddress(handle.db, intruder.id, ownerAddressId)).rejects.toBeInstanceOf(
      AddressNotFoundError,
    );
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await rowsOf(intruder.id)).toEqual(intruderBefore);
  });

  it.each([
    ["save-address", { ...SATARA, addressLine1: "Hijacked Road" }],
    ["delete-address", {}],
    ["default-address", {}],
  ])("answers %s with 404 through /profile and writes nothing", async (intent, fields) => {
    const [, second] = await rowsOf(owner.id);
    const before = await rowsOf(owner.id);
    const intruderBefore = await rowsOf(intruder.id);
    const response = await postProfile(intruder.cookies, {
      intent,
      addressId: intent === "default-address" ? second!.id : ownerAddressId,
      ...fields,
    });
    expect(response.status).toBe(404);
    expect(response.toast).toMatchObject({
      type: "error",
      title: "Error",
      description: "That address could not be found",
    });
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await rowsOf(intruder.id)).toEqual(intruderBefore);
  });
});

describe(`the Addresses tab's form posts on ${DATABASE_KIND}`, () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer("Form Poster");
  });

  it("sends a visitor to /auth and writes nothing", async () => {
    const before = await handle.db.select().from(addresses);
    const response = await postProfile([], { intent: "save-address", ...SATARA });
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/auth\?redirectTo=/);
    expect(await handle.db.select().from(addresses)).toEqual(before);
  });

  it("adds an address: 'Address added', and it is the default", async () => {
    const response = await postProfile(customer.cookies, { intent: "save-address", ...SATARA });
    expect(response.status).toBe(200);
    expect(response.toast).toMatchObject({ type: "success", title: "Address added" });
    const rows = await rowsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: customer.id,
      fullName: "Asha Patil",
      addressLine1: "12 Shivaji Nagar",
      addressLine2: null,
      isDefault: true,
    });
  });

  it("ignores a user id sent along with the form", async () => {
    const other = await createCustomer("Someone Else");
    const response = await postProfile(customer.cookies, {
      intent: "save-address",
      ...SATARA,
      addressLine1: "14 Shivaji Nagar",
      userId: other.id,
    });
    expect(response.toast?.title).toBe("Address added");
    expect(await rowsOf(other.id)).toEqual([]);
    expect(await rowsOf(customer.id)).toHaveLength(2);
  });

  it("edits an address: 'Address updated'", async () => {
    const [first] = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, {
      intent: "save-address",
      addressId: first!.id,
      ...SATARA,
      addressLine2: "Opposite the post office",
      city: "Wai",
    });
    expect(response.toast).toMatchObject({ type: "success", title: "Address updated" });
    const [edited] = await rowsOf(customer.id);
    expect(edited).toMatchObject({ city: "Wai", addressLine2: "Opposite the post office" });
  });

  it("sets the default: 'Default address updated'", async () => {
    const [, second] = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, {
      intent: "default-address",
      addressId: second!.id,
    });
    expect(response.toast).toMatchObject({ type: "success", title: "Default address updated" });
    expect(await defaultsOf(customer.id)).toEqual(["14 Shivaji Nagar"]);
  });

  it("deletes an address: 'Address deleted'", async () => {
    const [first] = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, {
      intent: "delete-address",
      addressId: first!.id,
    });
    expect(response.toast).toMatchObject({ type: "success", title: "Address deleted" });
    expect((await rowsOf(customer.id)).map((r) => r.addressLine1)).toEqual(["14 Shivaji Nagar"]);
  });

  it("refuses an invalid address with each field's message, and writes nothing", async () => {
    const before = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, {
      intent: "save-address",
      fullName: "A1",
      phone: "12345",
      addressLine1: "abc",
      addressLine2: "",
      city: "Pune 2",
      state: "",
      postalCode: "4150",
    });
    expect(response.status).toBe(400);
    expect(response.toast).toMatchObject({ type: "error", title: "Error" });
    expect(response.body?.result?.error).toEqual({
      fullName: ["Name can only contain letters and spaces"],
      phone: ["Phone must be exactly 10 digits"],
      addressLine1: ["Address must be at least 5 characters"],
      city: ["City can only contain letters and spaces"],
      state: ["State must be at least 2 characters"],
      postalCode: ["Postal code must be exactly 6 digits"],
    });
    expect(await rowsOf(customer.id)).toEqual(before);
  });

  it("refuses a postal code starting with 0 (no PIN code does), and writes nothing", async () => {
    const before = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, {
      intent: "save-address",
      ...SATARA,
      postalCode: "015003",
    });
    expect(response.status).toBe(400);
    expect(response.body?.result?.error).toEqual({
      postalCode: ["Postal code must be exactly 6 digits"],
    });
    expect(await rowsOf(customer.id)).toEqual(before);
  });

  it.each([
    ["delete-address", "not-a-uuid"],
    ["default-address", ""],
  ])("refuses %s with a malformed id (400)", async (intent, addressId) => {
    const before = await rowsOf(customer.id);
    const response = await postProfile(customer.cookies, { intent, addressId });
    expect(response.status).toBe(400);
    expect(response.toast).toMatchObject({ type: "error", title: "Error" });
    expect(await rowsOf(customer.id)).toEqual(before);
  });

  it("refuses an unknown intent", async () => {
    const response = await postProfile(customer.cookies, { intent: "drop-everything" });
    expect(response.status).toBe(400);
  });

  it("shows the addresses in the page data, default first", async () => {
    await postProfile(customer.cookies, {
      intent: "save-address",
      ...SATARA,
      addressLine1: "20 Newest Road",
    });
    const data = await loadProfile(customer.cookies);
    expect(data.addresses.map((a) => [a.addressLine1, a.isDefault])).toEqual([
      ["14 Shivaji Nagar", true],
      ["20 Newest Road", false],
    ]);
  });
});
