import { and, eq, inArray } from "drizzle-orm";
import { backgroundJobs, customerMessages, orderItems, orders } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { recallHoldsOfOrders, recallLinesOfLots } from "../inventory/batch-hold.server";
import type { BatchRecipient } from "./batch-recall.server";
import {
  customersMailed,
  RECALL_CHANNELS,
  RECALL_EVENT,
  type RecallChannel,
  recallMailKey,
} from "./recall-notices.server";

/** One channel of one customer's notice, as the message log tells it. */
export type ChannelState = {
  channel: RecallChannel;
  /** queued, sent, failed, skipped, or any state the log gains (such as delivered). */
  state: string;
  reason: string | null;
};

export type CustomerChannels = {
  customerId: string;
  customerName: string;
  channels: ChannelState[];
};

const MAIL_STATES: Record<string, string> = {
  queued: "queued",
  running: "queued",
  done: "sent",
  failed: "failed",
};

/**
 * Per customer who received the batch, what each channel of the recall notice did: the mail's
 * job (or, once pruned, the recall's audit entry) and the SMS and WhatsApp messages' log rows.
 * A channel with nothing logged is "not sent"; the batch's page says why it was skipped when
 * the recall was made (`skipped`, from the account as it is now).
 */
export async function recallChannelStates(
  executor: Executor,
  batch: string,
  recipients: readonly BatchRecipient[],
  skippedBecause: (customerId: string, channel: RecallChannel) => string | null,
): Promise<CustomerChannels[]> {
  const received = recipients.filter((row) => row.received && row.customerId);
  const customerIds = [...new Set(received.map((row) => row.customerId!))];
  if (customerIds.length === 0) return [];
  const [jobs, messages, mailed] = await Promise.all([
    executor
      .select({
        key: backgroundJobs.key,
        state: backgroundJobs.state,
        error: backgroundJobs.lastError,
      })
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, "mail"),
          inArray(
            backgroundJobs.key,
            customerIds.map((id) => recallMailKey(id, batch)),
          ),
        ),
      ),
    executor
      .select({
        about: customerMessages.about,
        channel: customerMessages.channel,
        state: customerMessages.state,
        error: customerMessages.error,
      })
      .from(customerMessages)
      .where(
        and(
          inArray(customerMessages.about, customerIds),
          eq(customerMessages.event, RECALL_EVENT),
          eq(customerMessages.occasion, batch.toLowerCase()),
        ),
      ),
    customersMailed(executor, batch, customerIds),
  ]);
  return customerIds.map((customerId) => {
    const channels = RECALL_CHANNELS.map((channel): ChannelState => {
      if (channel === "email") {
        const job = jobs.find((row) => row.key === recallMailKey(customerId, batch));
        if (job) {
          const state = MAIL_STATES[job.state] ?? job.state;
          return { channel, state, reason: state === "failed" ? job.error : null };
        }
        if (mailed.has(customerId)) return { channel, state: "sent", reason: null };
      } else {
        const row = messages.find((m) => m.about === customerId && m.channel === channel);
        if (row) return { channel, state: row.state, reason: row.error };
      }
      const skipped = skippedBecause(customerId, channel);
      return skipped
        ? { channel, state: "skipped", reason: skipped }
        : { channel, state: "not-sent", reason: null };
    });
    const name = received.find((row) => row.customerId === customerId)!.customerName;
    return { customerId, customerName: name, channels };
  });
}

/** The orders not yet shipped a recall of these lots re-allocated or held, with their state. */
export async function recallOrderEffects(executor: Executor, lotIds: string[]) {
  const lines = await recallLinesOfLots(executor, lotIds);
  if (lines.length === 0) return [];
  const rows = await executor
    .select({ itemId: orderItems.id, orderId: orders.id, orderNumber: orders.orderNumber })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      inArray(
        orderItems.id,
        lines.map((line) => line.orderItemId),
      ),
    );
  const byItem = new Map(rows.map((row) => [row.itemId, row]));
  const effects = new Map<string, { orderId: string; orderNumber: string; outcome: string }>();
  for (const line of lines) {
    const order = byItem.get(line.orderItemId);
    if (!order) continue;
    const outcome =
      line.outcome === "reallocated" ? "reallocated" : line.resolvedAt ? "released" : "held";
    const known = effects.get(order.orderId);
    // An order with one line held and another re-allocated is held.
    if (!known || outcome === "held") effects.set(order.orderId, { ...order, outcome });
  }
  const holding = await recallHoldsOfOrders(executor, [...effects.keys()]);
  return [...effects.values()].map((effect) =>
    effect.outcome === "held" && !holding.has(effect.orderId)
      ? { ...effect, outcome: "released" }
      : effect,
  );
}
