import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { formatRupees } from "../domain/money";
import { customerMayCancel } from "../domain/orders";
import type { Database } from "../lib/db.server";
import { recordAudit } from "../modules/audit/audit.server";
import { issueCreditNote } from "../modules/gst-documents/credit-notes.server";
import { issueInvoiceAtDispatch } from "../modules/gst-documents/invoices.server";
import { notifyOrderStep } from "../modules/orders/order-notices.server";
import { RefundError, requestRefund } from "../modules/payments/refunds.server";
import { cancelOrder } from "./cancel-order.server";

/**
 * The owner's partial (or full) refund of a paid card order from its detail, audited. The order
 * row is locked first, as every change to an order does. A refund of everything that is left of
 * an order not yet shipped cancels it in the same transaction (docs/decisions/049): its goods will
 * not go out, so its stock and coupon go back. The refund and its mail go out once this commits.
 */
export async function refundOrder(
  database: Database,
  actorId: string,
  input: { orderId: string; amount: number; reason: string; now?: Date },
) {
  const decided = await database.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!order) throw new RefundError("This order no longer exists", 404);
    // A dispatched order has its invoice (decision 074); one dispatched before that rule gets it
    // now, so the refund's credit note has an invoice to credit.
    await issueInvoiceAtDispatch(tx, actorId, order.id, input.now);
    const refund = await requestRefund(tx, { ...input, requestedBy: actorId });
    await notifyOrderStep(tx, "refund-initiated", order.id, input.now, refund!.id);
    // Refunding part of an invoiced order credits that much of its invoice (decision 040).
    const creditNote = await issueCreditNote(tx, { ...input, refundId: refund!.id });
    const cancels = refund!.left === 0 && customerMayCancel(order.status);
    // Nothing is left to refund, so the cancellation refunds and credits nothing more.
    if (cancels) await cancelOrder(tx, order.id, { actorId }, input.now);
    await recordAudit(tx, {
      actorId,
      action: "refund",
      entity: "order",
      entityId: order.id,
      changes: {
        orderNumber: order.orderNumber,
        refund: formatRupees(input.amount),
        reason: input.reason,
        ...(creditNote ? { creditNote: creditNote.number } : {}),
        ...(cancels
          ? {
              before: { status: order.status },
              after: { status: "cancelled" },
              released: "stock and coupon",
            }
          : {}),
      },
    });
    return { orderNumber: order.orderNumber, refundId: refund!.id, cancelled: cancels };
  });
  return decided;
}
