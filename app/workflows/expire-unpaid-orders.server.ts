import { and, eq, inArray, lt } from "drizzle-orm";
import { orders } from "../../db/schema";
import { CARD_PAYMENT_WINDOW_MS } from "../domain/orders";
import { backgroundJob } from "../lib/background-job.server";
import type { Database } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { cancelOrder } from "./cancel-order.server";

/**
 * docs/DESIGN.md §6.7: card orders still unpaid after 30 minutes are cancelled and give back their stock
 * and coupon. `skip locked` lets several app processes run this at once without two of them
 * releasing the same order, and an order being paid at this moment is left for the next run.
 */
export async function expireUnpaidCardOrders(database: Database, now = new Date(), batch = 100) {
  const cutoff = new Date(now.getTime() - CARD_PAYMENT_WINDOW_MS);
  const expired = await database.transaction(async (tx) => {
    const stale = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.paymentMethod, "razorpay"),
          // Never a paid one, nor one paid and refunded since (docs/decisions/049).
          inArray(orders.paymentStatus, ["pending", "failed"]),
          eq(orders.status, "pending"),
          lt(orders.createdAt, cutoff),
        ),
      )
      .orderBy(orders.createdAt)
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const order of stale) await cancelOrder(tx, order.id, { paymentStatus: "failed" });
    if (stale.length) {
      logger.info({ orders: stale.map((o) => o.orderNumber) }, "unpaid card orders cancelled");
    }
    return stale.length;
  });
  return expired;
}

const expiryJob = backgroundJob("order expiry", async (database) => {
  await expireUnpaidCardOrders(database);
});

/**
 * Runs the expiry at start (orders that ran out while no process was up) and then every minute
 * until stopped; a failing run is logged, not fatal. Every process runs it: `skip locked` above
 * keeps an order from being released twice, so there is nothing to elect.
 */
export function scheduleOrderExpiry(database: () => Database, everyMs = 60_000) {
  return expiryJob.schedule(database, everyMs);
}
