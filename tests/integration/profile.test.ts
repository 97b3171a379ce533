import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_PAYMENT_WINDOW_MS } from "~/domain/orders";
import type { DatabaseHandle } from "~/lib/db.server";
import { ProfileNotFoundError, updateProfile } from "~/modules/accounts/profile.server";
import { listCustomerOrders, orderHistoryPageOf } from "~/modules/orders/customer-orders.server";
import { orderItems, orders, profiles } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { type Customer, createCustomer, loadProfile, postProfile } from "./support/profile";
import { testServices } from "./support/services";

let handle: DatabaseHandle;

async function profileOf(userId: string) {
  const [row] = await handle.db
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      phone: profiles.phone,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

describe(`the Profile tab on ${DATABASE_KIND}`, () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer("Meera Kulkarni");
  });

  it("shows the signed-in customer's own name, e-mail and phone", async () => {
    const data = await loadProfile(customer.cookies);
    expect(data.profile).toEqual({
      fullName: "Meera Kulkarni",
      email: customer.email,
      phone: null,
    });
  });

  it("sends a visitor to /auth, and back to /profile afterwards", async () => {
    await expect(loadProfile([])).rejects.toSatisfy(
      (thrown: unknown) =>
        thrown instanceof Response &&
        thrown.status === 302 &&
        thrown.headers.get("Location") === `/auth?redirectTo=${encodeURIComponent("/profile")}`,
    );
    const response = await postProfile([], { intent: "update-profile", fullName: "Nobody Here" });
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("sends a visitor whose page asked for its data back to the page, not to the data", async () => {
    // React Router hands a loader its data request as sent (future.v8_passThroughRequests).
    await expect(
      loadProfile([], "/profile.data?tab=orders&_routes=root%2Croutes%2Faccount%2Fprofile"),
    ).rejects.toSatisfy(
      (thrown: unknown) =>
        thrown instanceof Response &&
        thrown.headers.get("Location") ===
          `/auth?redirectTo=${encodeURIComponent("/profile?tab=orders")}`,
    );
  });

  it("updates the full name and phone: 'Profile updated'", async () => {
    const response = await postProfile(customer.cookies, {
      intent: "update-profile",
      fullName: "  Meera S Kulkarni ",
      phone: "9123456780",
    });
    expect(response.status).toBe(200);
    expect(response.toast).toMatchObject({ type: "success", title: "Profile updated" });
    expect(await profileOf(customer.id)).toEqual({
      fullName: "Meera S Kulkarni",
      email: customer.email,
      phone: "9123456780",
    });
  });

  it("keeps the account's name (Better Auth's user) in step with the profile", async () => {
    const session = await testServices().accounts.auth.api.getSession({
      headers: browserRequest("/profile", customer.cookies).headers,
    });
    expect(session?.user.name).toBe("Meera S Kulkarni");
    const data = await loadProfile(customer.cookies);
    expect(data.profile).toMatchObject({ fullName: "Meera S Kulkarni", phone: "9123456780" });
  });

  it("never changes the e-mail, even when one is sent along", async () => {
    const response = await postProfile(customer.cookies, {
      intent: "update-profile",
      fullName: "Meera Kulkarni",
      phone: "9123456780",
      email: "taken.over@gmail.com",
    });
    expect(response.toast?.title).toBe("Profile updated");
    expect((await profileOf(customer.id))?.email).toBe(customer.email);
  });

  it("clears the phone when it is left empty", async () => {
    await postProfile(customer.cookies, {
      intent: "update-profile",
      fullName: "Meera Kulkarni",
      phone: "",
    });
    expect((await profileOf(customer.id))?.phone).toBeNull();
  });

  it.each([
    [{ fullName: "", phone: "" }, "fullName", "Full name is required"],
    [{ fullName: "M", phone: "" }, "fullName", "Name must be at least 2 characters"],
    [{ fullName: "m".repeat(101), phone: "" }, "fullName", "Name must be less than 100 characters"],
    [{ fullName: "Meera 2", phone: "" }, "fullName", "Name can only contain letters and spaces"],
    [{ fullName: "Meera", phone: "12345" }, "phone", "Phone must be exactly 10 digits"],
    [{ fullName: "Meera", phone: "+1 415 555 0100" }, "phone", "Phone must be exactly 10 digits"],
    [{ fullName: "Meera", phone: "98765432101" }, "phone", "Phone must be exactly 10 digits"],
  ])(
    "refuses %j: 'Update failed' with the message, nothing written",
    async (fields, field, message) => {
      const before = await profileOf(customer.id);
      const response = await postProfile(customer.cookies, { intent: "update-profile", ...fields });
      expect(response.status).toBe(400);
      expect(response.toast).toMatchObject({
        type: "error",
        title: "Update failed",
        description: message,
      });
      expect(response.body?.result?.error).toMatchObject({ [field]: [message] });
      expect(await profileOf(customer.id)).toEqual(before);
    },
  );

  it("the service refuses an account that does not exist", async () => {
    await expect(
      updateProfile(handle.db, "00000000-0000-4000-8000-000000000000", {
        fullName: "Ghost",
        phone: null,
      }),
    ).rejects.toBeInstanceOf(ProfileNotFoundError);
  });
});

type OrderSeed = {
  userId: string;
  orderNumber: string;
  createdAt: Date;
  status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
  paymentMethod?: "cod" | "razorpay";
  paymentStatus?: "pending" | "paid" | "failed" | "refunded";
  couponCode?: string | null;
  trackingId?: string | null;
  items: { productId: string; name: string; quantity: number; unitPrice: number }[];
  discount?: number;
};

const SHIPPING_ADDRESS = {
  fullName: "Meera Kulkarni",
  phone: "9123456780",
  addressLine1: "5 Rajwada Chowk",
  addressLine2: null,
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415002",
};

async function insertOrder(seed: OrderSeed) {
  const subtotal = seed.items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  const discount = seed.discount ?? 0;
  const shipping = subtotal > 99900 ? 0 : 5000;
  const [order] = await handle.db
    .insert(orders)
    .values({
      userId: seed.userId,
      orderNumber: seed.orderNumber,
      subtotal,
      discountAmount: discount,
      shippingCost: shipping,
      total: subtotal - discount + shipping,
      couponCode: seed.couponCode ?? null,
      paymentMethod: seed.paymentMethod ?? "cod",
      paymentStatus: seed.paymentStatus ?? "pending",
      status: seed.status ?? "pending",
      trackingId: seed.trackingId ?? null,
      shippingAddress: SHIPPING_ADDRESS,
      createdAt: seed.createdAt,
    })
    .returning();
  await handle.db.insert(orderItems).values(
    seed.items.map((item) => ({
      orderId: order!.id,
      productId: item.productId,
      productName: item.name,
      hsnCode: "30049011",
      gstRate: 12,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.unitPrice * item.quantity,
    })),
  );
  return order!;
}

describe(`the Orders tab on ${DATABASE_KIND}`, () => {
  let customer: Customer;
  let other: Customer;
  let tulsi: string;
  let ghee: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    customer = await createCustomer("Order Viewer");
    other = await createCustomer("Other Shopper");
    const products = await insertProducts(handle.db, [
      { name: "Tulsi Drops", price: 30000, discountPrice: 25000, stockQuantity: 20 },
      { name: "Cow Ghee", price: 90000, stockQuantity: 20 },
    ]);
    tulsi = products[0]!.id;
    ghee = products[1]!.id;
    const day = 24 * 60 * 60 * 1000;
    ids.oldest = (
      await insertOrder({
        userId: customer.id,
        orderNumber: "ORD-1000",
        createdAt: new Date(Date.now() - 3 * day),
        status: "delivered",
        paymentStatus: "paid",
        trackingId: "TRK-42",
        items: [{ productId: ghee, name: "Cow Ghee", quantity: 2, unitPrice: 90000 }],
      })
    ).id;
    ids.middle = (
      await insertOrder({
        userId: customer.id,
        orderNumber: "ORD-2000",
        createdAt: new Date(Date.now() - 2 * day),
        couponCode: "TENOFF",
        discount: 5000,
        items: [
          { productId: tulsi, name: "Tulsi Drops", quantity: 3, unitPrice: 25000 },
          { productId: ghee, name: "Cow Ghee", quantity: 1, unitPrice: 90000 },
        ],
      })
    ).id;
    ids.newest = (
      await insertOrder({
        userId: customer.id,
        orderNumber: "ORD-3000",
        createdAt: new Date(Date.now() - 60_000),
        paymentMethod: "razorpay",
        items: [{ productId: tulsi, name: "Tulsi Drops", quantity: 1, unitPrice: 25000 }],
      })
    ).id;
    ids.others = (
      await insertOrder({
        userId: other.id,
        orderNumber: "ORD-9000",
        createdAt: new Date(),
        items: [{ productId: tulsi, name: "Tulsi Drops", quantity: 4, unitPrice: 25000 }],
      })
    ).id;
  });

  it("lists only the customer's own orders, newest first, with everything the tab shows", async () => {
    const { orders: list } = await listCustomerOrders(handle.db, customer.id);
    expect(list.map((o) => o.orderNumber)).toEqual(["ORD-3000", "ORD-2000", "ORD-1000"]);
    const middle = list[1]!;
    expect(middle).toMatchObject({
      id: ids.middle,
      status: "pending",
      paymentMethod: "cod",
      paymentStatus: "pending",
      subtotal: 165000,
      discountAmount: 5000,
      shippingCost: 0,
      total: 160000,
      couponCode: "TENOFF",
      trackingId: null,
      shippingAddress: SHIPPING_ADDRESS,
    });
    expect(middle.createdAt).toBeInstanceOf(Date);
    expect(middle.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.totalPrice])).toEqual(
      [
        ["Cow Ghee", 1, 90000, 90000],
        ["Tulsi Drops", 3, 25000, 75000],
      ],
    );
    expect(list[2]).toMatchObject({
      status: "delivered",
      paymentStatus: "paid",
      trackingId: "TRK-42",
    });
    expect(list[2]!.items).toHaveLength(1);
  });

  it("shows another customer nothing of these orders", async () => {
    const { orders: list } = await listCustomerOrders(handle.db, other.id);
    expect(list.map((o) => o.orderNumber)).toEqual(["ORD-9000"]);
    const fresh = await createCustomer("No Orders");
    expect((await listCustomerOrders(handle.db, fresh.id)).orders).toEqual([]);
  });

  it("pages the list, newest first, each order with its items", async () => {
    const first = await listCustomerOrders(handle.db, customer.id, 1, 2);
    expect(first.orders.map((o) => o.orderNumber)).toEqual(["ORD-3000", "ORD-2000"]);
    expect(first.orders[1]!.items).toHaveLength(2);
    expect(first.pages).toEqual({ page: 1, pageCount: 2, totalCount: 3, pageSize: 2 });
    const second = await listCustomerOrders(handle.db, customer.id, 2, 2);
    expect(second.orders.map((o) => o.orderNumber)).toEqual(["ORD-1000"]);
    expect(second.orders[0]!.items).toHaveLength(1);
  });

  it("finds the page that holds an order, newest first, and nothing of another's order", async () => {
    // Two orders a page: the newest two on page 1, the oldest on page 2.
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.newest!, 2)).toBe(1);
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.middle!, 2)).toBe(1);
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.oldest!, 2)).toBe(2);
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.oldest!, 1)).toBe(3);
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.oldest!)).toBe(1);
    expect(await orderHistoryPageOf(handle.db, customer.id, ids.others!, 1)).toBeNull();
    expect(await orderHistoryPageOf(handle.db, other.id, ids.oldest!, 1)).toBeNull();
    expect(
      await orderHistoryPageOf(handle.db, customer.id, "0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b"),
    ).toBeNull();
  });

  it("puts an order as old as another by its number, as the list does", async () => {
    const twin = await insertOrder({
      userId: other.id,
      orderNumber: "ORD-9001",
      createdAt: (
        await handle.db
          .select({ createdAt: orders.createdAt })
          .from(orders)
          .where(eq(orders.id, ids.others!))
      )[0]!.createdAt,
      items: [{ productId: tulsi, name: "Tulsi Drops", quantity: 1, unitPrice: 25000 }],
    });
    const { orders: list } = await listCustomerOrders(handle.db, other.id, 1, 1);
    expect(list.map((o) => o.orderNumber)).toEqual(["ORD-9001"]);
    expect(await orderHistoryPageOf(handle.db, other.id, twin.id, 1)).toBe(1);
    expect(await orderHistoryPageOf(handle.db, other.id, ids.others!, 1)).toBe(2);
    await handle.db.delete(orders).where(eq(orders.id, twin.id));
  });

  it("opens the Orders tab at the page of the order a mail names", async () => {
    // One order more than a page: the oldest is alone on page 2.
    const regular = await createCustomer("Regular Customer");
    const minute = 60_000;
    const placed: string[] = [];
    for (let i = 0; i < 16; i++) {
      const order = await insertOrder({
        userId: regular.id,
        orderNumber: `ORD-${5000 + i}`,
        createdAt: new Date(Date.now() - (16 - i) * minute),
        items: [{ productId: tulsi, name: "Tulsi Drops", quantity: 1, unitPrice: 25000 }],
      });
      placed.push(order.id);
    }
    const [oldest, newest] = [placed[0]!, placed[15]!];
    const open = (query: string) => loadProfile(regular.cookies, `/profile?tab=orders&${query}`);

    const mailed = await open(`order=${oldest}`);
    expect(mailed.orderPages.page).toBe(2);
    expect(mailed.orders.map((o) => o.id)).toEqual([oldest]);
    expect((await open(`order=${newest}`)).orderPages.page).toBe(1);
    // A page asked for wins over the order; another customer's order or a malformed id is
    // ignored, and nothing of another customer's order is shown.
    expect((await open(`order=${oldest}&page=1`)).orderPages.page).toBe(1);
    const foreign = await open(`order=${ids.others}`);
    expect(foreign.orderPages.page).toBe(1);
    expect(foreign.orders.map((o) => o.id)).not.toContain(ids.others);
    expect((await open("order=not-an-id")).orderPages.page).toBe(1);
  });

  it("marks the card order still inside its payment window as payable", async () => {
    const data = await loadProfile(customer.cookies);
    expect(data.orders.map((o) => [o.orderNumber, o.awaitsPayment])).toEqual([
      ["ORD-3000", true],
      ["ORD-2000", false],
      ["ORD-1000", false],
    ]);
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - CARD_PAYMENT_WINDOW_MS - 1000) })
      .where(eq(orders.id, ids.newest!));
    const later = await loadProfile(customer.cookies);
    expect(later.orders.find((o) => o.id === ids.newest)?.awaitsPayment).toBe(false);
  });

  it("the page data holds only the signed-in customer's orders", async () => {
    const data = await loadProfile(other.cookies);
    expect(data.orders.map((o) => o.id)).toEqual([ids.others]);
  });

  it("answers a cancel of another customer's order with 404 and changes nothing", async () => {
    const before = await handle.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [ids.middle!, ids.others!]));
    const response = await postProfile(other.cookies, {
      intent: "cancel-order",
      orderId: ids.middle!,
    });
    expect(response.status).toBe(404);
    expect(response.toast).toMatchObject({ type: "error", title: "Error" });
    const after = await handle.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [ids.middle!, ids.others!]));
    expect(after).toEqual(before);
  });

  it("refuses a malformed order id with 400", async () => {
    const response = await postProfile(customer.cookies, {
      intent: "cancel-order",
      orderId: "ORD-2000",
    });
    expect(response.status).toBe(400);
    expect(response.toast).toMatchObject({ type: "error", title: "Error" });
  });

  it("cancels the customer's own pending order: 'Order cancelled'", async () => {
    const response = await postProfile(customer.cookies, {
      intent: "cancel-order",
      orderId: ids.middle!,
    });
    expect(response.status).toBe(200);
    expect(response.toast).toMatchObject({
      type: "success",
      title: "Order cancelled",
      description: "Order ORD-2000 has been cancelled",
    });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, ids.middle!));
    expect(row?.status).toBe("cancelled");
  });

  it("refuses to cancel a delivered order: 'Error' with the reason", async () => {
    const response = await postProfile(customer.cookies, {
      intent: "cancel-order",
      orderId: ids.oldest!,
    });
    expect(response.status).toBe(409);
    expect(response.toast).toMatchObject({ type: "error", title: "Error" });
    expect(response.toast?.description).toContain("ORD-1000");
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, ids.oldest!));
    expect(row?.status).toBe("delivered");
  });
});
