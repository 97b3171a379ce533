import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { codRemittanceOrders, codRemittances, orders } from "../../../db/schema";
import type { Executor, Transaction } from "../../lib/db.server";

export type NewRemittance = {
  courier: "test" | "shiprocket";
  reference: string;
  remittedAt: Date;
  recordedBy: string | null;
  /** The orders it covered and the cash it carried for each. */
  orders: readonly { orderId: string; amount: number }[];
};

/** Records a courier's payout of cash on delivery and what it covered (docs/decisions/061). */
export async function insertRemittance(tx: Transaction, remittance: NewRemittance) {
  const amount = remittance.orders.reduce((sum, order) => sum + order.amount, 0);
  const [row] = await tx
    .insert(codRemittances)
    .values({
      courier: remittance.courier,
      reference: remittance.reference,
      remittedAt: remittance.remittedAt,
      amount,
      recordedBy: remittance.recordedBy,
    })
    .returning({ id: codRemittances.id });
  if (!row) throw new Error("the remittance was not written");
  if (remittance.orders.length > 0) {
    await tx
      .insert(codRemittanceOrders)
      .values(remittance.orders.map((order) => ({ remittanceId: row.id, ...order })));
  }
  return { id: row.id, amount };
}

/**
 * Adds one order to a courier's payout, writing the payout the first time its reference is seen:
 * Shiprocket names the payout of each order by its bank reference (UTR), one order at a time.
 * Orders of one payout added at once from two processes queue on the payout's row.
 */
export async function addToRemittance(
  tx: Transaction,
  input: {
    courier: NewRemittance["courier"];
    reference: string;
    remittedAt: Date;
    order: { orderId: string; amount: number };
  },
) {
  await tx
    .insert(codRemittances)
    .values({
      courier: input.courier,
      reference: input.reference,
      remittedAt: input.remittedAt,
      amount: 0,
      recordedBy: null,
    })
    .onConflictDoNothing({ target: [codRemittances.courier, codRemittances.reference] });
  const [row] = await tx
    .update(codRemittances)
    .set({ amount: sql`${codRemittances.amount} + ${input.order.amount}` })
    .where(
      and(eq(codRemittances.courier, input.courier), eq(codRemittances.reference, input.reference)),
    )
    .returning({ id: codRemittances.id });
  if (!row) throw new Error("the remittance was not written");
  await tx.insert(codRemittanceOrders).values({ remittanceId: row.id, ...input.order });
  return row.id;
}

export type RemittanceReportRow = {
  id: string;
  courier: string;
  reference: string;
  remittedAt: Date;
  amount: number;
  orders: { orderId: string; orderNumber: string; amount: number }[];
};

/** The latest payouts, newest first, each with the orders it covered: the remittance report. */
export async function listRemittances(
  executor: Executor,
  limit = 50,
): Promise<RemittanceReportRow[]> {
  const payouts = await executor
    .select({
      id: codRemittances.id,
      courier: codRemittances.courier,
      reference: codRemittances.reference,
      remittedAt: codRemittances.remittedAt,
      amount: codRemittances.amount,
    })
    .from(codRemittances)
    .orderBy(desc(codRemittances.remittedAt), desc(codRemittances.id))
    .limit(limit);
  if (payouts.length === 0) return [];
  const covered = await executor
    .select({
      remittanceId: codRemittanceOrders.remittanceId,
      orderId: codRemittanceOrders.orderId,
      orderNumber: orders.orderNumber,
      amount: codRemittanceOrders.amount,
    })
    .from(codRemittanceOrders)
    .innerJoin(orders, eq(orders.id, codRemittanceOrders.orderId))
    .where(
      inArray(
        codRemittanceOrders.remittanceId,
        payouts.map((payout) => payout.id),
      ),
    )
    .orderBy(orders.orderNumber);
  return payouts.map((payout) => ({
    ...payout,
    orders: covered
      .filter((line) => line.remittanceId === payout.id)
      .map(({ orderId, orderNumber, amount }) => ({ orderId, orderNumber, amount })),
  }));
}
