import { type AnyColumn, and, eq, isNull } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { messageConsents } from "../../../db/schema";
import type { MessageChannel } from "../../domain/order-messages";

/** What a read joined by joinOpenConsents selects of a consent: null where there is none. */
export const openConsentColumns = { id: messageConsents.id, channel: messageConsents.channel };

/**
 * Left-joins the consents the customer `userId` names has open now (on one channel, or all), to
 * another area's select (the orders' notices), which reads them in its one statement.
 */
export function joinOpenConsents<T extends PgSelect>(
  query: T,
  userId: AnyColumn,
  channel?: MessageChannel,
) {
  return query.leftJoin(
    messageConsents,
    and(
      eq(messageConsents.userId, userId),
      channel ? eq(messageConsents.channel, channel) : undefined,
      isNull(messageConsents.withdrawnAt),
    ),
  );
}
