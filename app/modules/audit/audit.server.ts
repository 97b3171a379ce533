import { eq } from "drizzle-orm";
import { auditLog, categories, coupons, orders, products, reviews } from "../../../db/schema";
import { auditLabelFromChanges } from "../../domain/audit-changes";
import { isUuid } from "../../domain/uuid";
import type { Executor } from "../../lib/db.server";

export type AuditEntry = {
  /** Null when no person made the change (a courier's scan, docs/decisions/060). */
  actorId: string | null;
  /** Without a person: the courier (its scans and payouts) or, by default, the shop itself. */
  actorKind?: "courier" | "system";
  action: "create" | "update" | "delete" | (string & {});
  entity: string;
  entityId: string | null;
  changes?: Record<string, unknown>;
  /** The entity's name, code or number; found from `changes` or the entity itself when left out. */
  label?: string | null;
};

/**
 * Every administrator write records who, what, when and the change (in the write's transaction),
 * with the entity's label as it is now, so the log still names it after it is renamed or deleted.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry) {
  const changes = entry.changes ? JSON.parse(JSON.stringify(entry.changes)) : null;
  const label =
    entry.label !== undefined
      ? entry.label
      : (auditLabelFromChanges(entry.entity, changes) ??
        (await currentLabel(executor, entry.entity, entry.entityId, changes)));
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    actorKind: entry.actorId ? null : (entry.actorKind ?? "system"),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes,
    label,
  });
}

/** The label read from the entity's row, for entries whose changes do not name it. */
async function currentLabel(
  executor: Executor,
  entity: string,
  entityId: string | null,
  changes: Record<string, unknown> | null,
): Promise<string | null> {
  if (!entityId || !isUuid(entityId)) return null;
  const first = async (query: Promise<{ label: string }[]>) => (await query)[0]?.label ?? null;
  switch (entity) {
    case "coupon":
      return first(
        executor.select({ label: coupons.code }).from(coupons).where(eq(coupons.id, entityId)),
      );
    case "product":
      return productName(executor, entityId);
    case "category":
      return first(
        executor
          .select({ label: categories.name })
          .from(categories)
          .where(eq(categories.id, entityId)),
      );
    case "order":
      return first(
        executor.select({ label: orders.orderNumber }).from(orders).where(eq(orders.id, entityId)),
      );
    case "review": {
      const productId = reviewedProductId(changes) ?? (await reviewProductId(executor, entityId));
      const name = productId ? await productName(executor, productId) : null;
      return name ? `Review of ${name}` : null;
    }
    default:
      return null;
  }
}

async function productName(executor: Executor, productId: string) {
  if (!isUuid(productId)) return null;
  const [row] = await executor
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row?.name ?? null;
}

async function reviewProductId(executor: Executor, reviewId: string) {
  const [row] = await executor
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return row?.productId ?? null;
}

function reviewedProductId(changes: Record<string, unknown> | null): string | null {
  const before = changes?.before as Record<string, unknown> | undefined;
  const id = changes?.productId ?? before?.productId;
  return typeof id === "string" ? id : null;
}
