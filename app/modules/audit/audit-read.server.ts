import { asc, count, desc, eq, sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import type { PersonNaming } from "../../lib/person-naming.server";

export const AUDIT_PAGE_SIZE = 25;

export type AuditLogEntry = {
  id: string;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Record<string, unknown> | null;
  /** The entity's name, code or number as written with the entry. */
  label: string | null;
  createdAt: Date;
  actorName: string | null;
  actorEmail: string | null;
  /** Set when no person wrote the entry: the courier or the shop itself. */
  actorKind: "courier" | "system" | null;
};

/** The audit log, newest first, optionally for one kind of entity, a page at a time. */
export async function listAuditEntries(
  executor: Executor,
  personNaming: PersonNaming,
  options: { entity?: string; page?: number; pageSize?: number } = {},
) {
  const pageSize = options.pageSize ?? AUDIT_PAGE_SIZE;
  const where = options.entity ? eq(auditLog.entity, options.entity) : undefined;
  const [counted] = await executor.select({ total: count() }).from(auditLog).where(where);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), pageCount);
  const actor = personNaming(auditLog.actorId);
  const entries: AuditLogEntry[] = await executor
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      changes: auditLog.changes,
      label: auditLog.label,
      createdAt: auditLog.createdAt,
      actorName: actor.fullName,
      actorEmail: actor.email,
      actorKind: auditLog.actorKind,
    })
    .from(auditLog)
    .leftJoinLateral(actor.lateral, sql`true`)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries, total, page, pageCount };
}

/** The kinds of entity that have entries, for the filter. */
export async function auditEntities(executor: Executor): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(asc(auditLog.entity));
  return rows.map((row) => row.entity);
}
