import { auditLog } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

export type AuditEntry = {
  actorId: string;
  action: "create" | "update" | "delete" | (string & {});
  entity: string;
  entityId: string | null;
  changes?: Record<string, unknown>;
};

/** Every administrator write records who, what, when and the change (in the write's transaction). */
export async function recordAudit(executor: Executor, entry: AuditEntry) {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes ? JSON.parse(JSON.stringify(entry.changes)) : null,
  });
}
