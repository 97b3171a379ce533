/**
 * A lot's own movement history on its batch's page (docs/decisions/075): every ledger row of the
 * lot, newest first, as received, sold, returned, written off or recalled, with its date,
 * signed quantity, order and who moved it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthFrom, shopDate } from "~/domain/stock-lots";
import type { DatabaseHandle } from "~/lib/db.server";
import { receiveStock, writeOffLot } from "~/modules/inventory/lots-admin.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { recallBatch } from "~/modules/orders/recall-batch.server";
import { loader as batchLoader } from "~/routes/admin/batch";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { profiles } from "../../db/schema";
import { callRoute, getPage, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { firstSizeId, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let owner: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

const month = (offset: number) => monthFrom(shopDate(), offset);

type BatchPage = {
  lots: {
    lotId: string;
    movementCount: number;
    movements: {
      kind: string;
      label: string;
      quantity: number;
      at: string | Date;
      order: { id: string; orderNumber: string } | null;
      who: string | null;
      note: string | null;
    }[];
  }[];
};

describe(`a lot's movement history on ${DATABASE_KIND}`, () => {
  it("lists what received, sold, returned, wrote off and recalled the lot, newest first", async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const [product] = await insertProducts(handle.db, [
      { name: `Arjuna Ksheer ${tag}`, label: "200 ml", sku: `AK-${tag}`, price: 18000 },
    ]);
    const variantId = await firstSizeId(handle.db, product!.id);
    const lot = (batchNumber: string, expires: number, quantity: number) =>
      receiveStock(handle.db, owner.id, product!.id, {
        variantId,
        batchNumber,
        manufacturedOn: `${month(-1)}-01`,
        expiresOn: `${month(expires)}-28`,
        quantity,
      });
    const batch = `HX-${tag}`;
    const recalled = await lot(batch, 12, 10);
    await lot(`LT-${tag}`, 30, 20);
    const buy = async (fullName: string, quantity: number) => {
      const [userId] = (await insertCustomers(handle.db, 1)) as [string];
      await handle.db.update(profiles).set({ fullName }).where(eq(profiles.id, userId));
      await fillCart(handle.db, userId, [{ variantId, quantity }]);
      return orderFor(handle.db, userId);
    };
    // Asha's parcel leaves; Ravi's order is cancelled; a jar breaks; Meera's order waits.
    const asha = await buy("Asha Patil", 2);
    await addTrackingId(handle.db, owner.id, asha.id, `AWB${tag}`);
    const ravi = await buy("Ravi Jadhav", 1);
    await updateOrderStatus(handle.db, owner.id, ravi.id, "cancelled");
    await writeOffLot(handle.db, owner.id, product!.id, {
      lotId: recalled.id,
      quantity: 1,
      reason: "Broken seal",
    });
    const meera = await buy("Meera Shinde", 3);
    // The recall fills Meera's order again from the later batch: her units come back.
    await recallBatch(handle.db, testServices().notifications, owner.id, batch);

    const page = await callRoute<BatchPage>(
      batchLoader,
      getPage(`/admin/batches/${batch}`, owner.cookies),
      { batch },
    );
    expect(page.status).toBe(200);
    const history = page.body!.lots.find((row) => row.lotId === recalled.id)!;
    const ref = (order: { id: string; orderNumber: string }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
    });
    expect(
      history.movements.map(({ kind, label, quantity, order, who, note }) => ({
        kind,
        label,
        quantity,
        order,
        who,
        note,
      })),
    ).toEqual([
      {
        kind: "recalled",
        label: "Recalled",
        quantity: 3,
        order: ref(meera),
        who: "Shop Owner",
        note: `Recall of batch ${batch}: taken again from another lot`,
      },
      {
        kind: "sold",
        label: "Sold",
        quantity: -3,
        order: ref(meera),
        who: "Meera Shinde",
        note: null,
      },
      {
        kind: "written_off",
        label: "Written off",
        quantity: -1,
        order: null,
        who: "Shop Owner",
        note: "Broken seal",
      },
      {
        kind: "restocked",
        label: "Returned",
        quantity: 1,
        order: ref(ravi),
        who: "Ravi Jadhav",
        note: null,
      },
      {
        kind: "sold",
        label: "Sold",
        quantity: -1,
        order: ref(ravi),
        who: "Ravi Jadhav",
        note: null,
      },
      {
        kind: "sold",
        label: "Sold",
        quantity: -2,
        order: ref(asha),
        who: "Asha Patil",
        note: null,
      },
      {
        kind: "received",
        label: "Received",
        quantity: 10,
        order: null,
        who: "Shop Owner",
        note: null,
      },
    ]);
    expect(history.movementCount).toBe(7);
    const times = history.movements.map((row) => new Date(row.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
