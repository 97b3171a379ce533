import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SHORT_LINK_KINDS } from "../../app/domain/short-links";
import { createdAt } from "./columns";

/**
 * The shop's own short links (docs/decisions/070): `/o/<code>` in an order's SMS stands for the
 * order. The code is random, not made from the order, so it tells nothing of it; one link per
 * target, made with the first message about it and reused by the later ones.
 */
export const shortLinks = pgTable(
  "short_links",
  {
    code: text("code").primaryKey(),
    kind: text("kind", { enum: SHORT_LINK_KINDS }).notNull(),
    /** The order's id for an `order` link. */
    targetId: uuid("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("short_links_one_per_target").on(t.kind, t.targetId),
    check("short_links_kind_check", sql`${t.kind} in ('order')`),
    check("short_links_code_shape", sql`${t.code} ~ '^[0-9A-Za-z]{8}$'`),
  ],
);
