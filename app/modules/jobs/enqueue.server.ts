import { backgroundJobs } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** One job row, unless one with the same kind and key exists (docs/decisions/055). */
export async function enqueueJob(
  tx: Executor,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  runAt = new Date(),
) {
  await tx
    .insert(backgroundJobs)
    .values({ kind, key, payload, runAt })
    .onConflictDoNothing({ target: [backgroundJobs.kind, backgroundJobs.key] });
}
