import { and, eq } from "drizzle-orm";
import { customerMessages } from "../../../db/schema";
import type { MessageChannel } from "../../domain/order-messages";
import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";

/**
 * What a provider's delivery report says of one message it took (docs/decisions/065): found by
 * the id the provider gave when it took it (`provider_id`) on its channel.
 */
export type DeliveryReport = {
  channel: MessageChannel;
  providerId: string;
  outcome: "delivered" | "failed";
  /** The provider's reason for a failure, as it words it. */
  reason?: string | null;
};

export type DeliveryOutcome = "delivered" | "failed" | "unchanged" | "unknown";

const MAX_REASON = 300;

/**
 * Moves each reported message on, once: only a message in `sent` moves, to `delivered` or to
 * `failed` with the provider's reason. A report repeated, late (a "failed" after "delivered") or
 * about a message the owner is sending again changes nothing; an id the shop never sent is
 * `unknown`. Each report is one conditional update, so reports arriving at once cannot both move
 * a message.
 */
export async function recordDeliveryReports(
  database: Database,
  reports: readonly DeliveryReport[],
  now = new Date(),
): Promise<DeliveryOutcome[]> {
  const outcomes: DeliveryOutcome[] = [];
  for (const report of reports) {
    const match = and(
      eq(customerMessages.channel, report.channel),
      eq(customerMessages.providerId, report.providerId),
    );
    const moved = await database
      .update(customerMessages)
      .set(
        report.outcome === "delivered"
          ? { state: "delivered", deliveredAt: now, updatedAt: now }
          : {
              state: "failed",
              error: (report.reason?.trim() || "The provider reported it undelivered").slice(
                0,
                MAX_REASON,
              ),
              updatedAt: now,
            },
      )
      .where(and(match, eq(customerMessages.state, "sent")))
      .returning({ id: customerMessages.id });
    if (moved.length > 0) {
      outcomes.push(report.outcome);
      continue;
    }
    const [known] = await database
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(match)
      .limit(1);
    outcomes.push(known ? "unchanged" : "unknown");
  }
  const counts = Object.fromEntries(
    (["delivered", "failed", "unchanged", "unknown"] as const).map((outcome) => [
      outcome,
      outcomes.filter((o) => o === outcome).length,
    ]),
  );
  logger.info({ channel: reports[0]?.channel, ...counts }, "delivery reports recorded");
  return outcomes;
}
