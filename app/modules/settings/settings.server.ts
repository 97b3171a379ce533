import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { canonicalJson } from "../../domain/audit-changes";
import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from "../../domain/email-providers";
import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";

export type ShopSettings = typeof settings.$inferSelect;

/** Placeholders until an administrator fills in the real identity (DESIGN §3). */
export const DEFAULT_SETTINGS = {
  id: 1,
  shopName: "Satara Ayurveda",
  phone: "+91 00000 00000",
  email: "care@shop.example",
  addressLine1: "Shop address, line 1",
  addressLine2: null,
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
  gstin: "",
  socialLinks: {
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
    twitter: "https://x.com/",
    youtube: "https://www.youtube.com/",
  },
  lowStockThreshold: 10,
  allowedEmailDomains: [...DEFAULT_ALLOWED_EMAIL_DOMAINS],
} satisfies typeof settings.$inferInsert;

export async function ensureSettings(executor: Executor) {
  await executor.insert(settings).values(DEFAULT_SETTINGS).onConflictDoNothing();
}

export async function getSettings(executor: Executor): Promise<ShopSettings> {
  const [row] = await executor.select().from(settings).where(eq(settings.id, 1));
  if (row) return row;
  await ensureSettings(executor);
  const [created] = await executor.select().from(settings).where(eq(settings.id, 1));
  if (!created) throw new Error("settings row missing");
  return created;
}

/** The fields an administrator edits on the settings screen. */
export type EditableSettings = Omit<typeof settings.$inferInsert, "id" | "updatedAt">;

const EDITABLE_FIELDS = [
  "shopName",
  "phone",
  "email",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "socialLinks",
  "gstin",
  "lowStockThreshold",
  "allowedEmailDomains",
] as const satisfies readonly (keyof EditableSettings)[];

/**
 * Saves the settings and records the fields that changed (before and after) in the audit log, in
 * one transaction. Saving the same values again writes nothing; the changed field names are
 * returned.
 */
export async function updateSettings(
  database: Database,
  actorId: string,
  values: EditableSettings,
): Promise<string[]> {
  await ensureSettings(database);
  return database.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    if (!current) throw new Error("settings row missing");
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of EDITABLE_FIELDS) {
      const next = values[field] ?? (field === "addressLine2" ? null : undefined);
      if (next === undefined) continue;
      if (canonicalJson(current[field]) !== canonicalJson(next)) {
        before[field] = current[field];
        after[field] = next;
      }
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return changed;
    await tx.update(settings).set(after).where(eq(settings.id, 1));
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "settings",
      entityId: "1",
      changes: { before, after },
    });
    return changed;
  });
}
