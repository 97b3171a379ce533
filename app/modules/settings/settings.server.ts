import { and, eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { canonicalJson } from "../../domain/audit-changes";
import type { CashOnDeliveryRules } from "../../domain/cash-on-delivery";
import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from "../../domain/email-providers";
import { PAGE_TAGS, parseTags } from "../../domain/page-cache-rules";
import type { Database, Executor } from "../../lib/db.server";
import { type LiveEvents, STOREFRONT_CHANGED } from "../../lib/live-events.server";
import { pageShows } from "../../lib/page-dependencies.server";
import { recordAudit } from "../audit/audit.server";
import { refreshSellableStock } from "../inventory/sellable.server";

export type ShopSettings = typeof settings.$inferSelect;

/** Placeholders until an administrator fills in the real identity (docs/DESIGN.md §3). */
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

/** The demo shop's sample drug manufacturing licence (SEED=demo), printed on its invoices. */
export const DEMO_MANUFACTURING_LICENCE = "AYU/MH/25D/2019/0147";
/** The demo shop's sample GSTIN and grievance officer, named on its product pages (decision 073). */
export const DEMO_GSTIN = "27ABHCS4718K1ZX";
export const DEMO_GRIEVANCE_OFFICER = {
  grievanceOfficerName: "Anjali Jadhav",
  grievanceOfficerDesignation: "Grievance Officer",
  grievanceOfficerEmail: "grievance@shop.example",
  grievanceOfficerPhone: "+91 00000 00000",
};

/** The demo shop's settings beyond the defaults; what an owner has already filled in is kept. */
export async function applyDemoSettings(executor: Executor) {
  await ensureSettings(executor);
  await executor
    .update(settings)
    .set({ manufacturingLicence: DEMO_MANUFACTURING_LICENCE })
    .where(and(eq(settings.id, 1), eq(settings.manufacturingLicence, "")));
  await executor
    .update(settings)
    .set({ gstin: DEMO_GSTIN })
    .where(and(eq(settings.id, 1), eq(settings.gstin, "")));
  await executor
    .update(settings)
    .set(DEMO_GRIEVANCE_OFFICER)
    .where(and(eq(settings.id, 1), eq(settings.grievanceOfficerName, "")));
}

export async function ensureSettings(executor: Executor) {
  await executor.insert(settings).values(DEFAULT_SETTINGS).onConflictDoNothing();
}

export async function getSettings(executor: Executor): Promise<ShopSettings> {
  pageShows(PAGE_TAGS.settings);
  const [row] = await executor.select().from(settings).where(eq(settings.id, 1));
  if (row) return row;
  await ensureSettings(executor);
  const [created] = await executor.select().from(settings).where(eq(settings.id, 1));
  if (!created) throw new Error("settings row missing");
  return created;
}

let remembered: Promise<ShopSettings> | undefined;
/** The live updates the kept settings follow, once a start listens (rememberSettingsUntilChanged). */
let heard: LiveEvents | undefined;

/**
 * The settings for pages to show, read once and kept in memory until a write announces a change
 * (db/migrations/0011_storefront_changes.sql): every page's header and footer read them. Reads
 * that must agree with a transaction's other reads use getSettings(tx). While the announcements
 * are not heard, each call reads the database.
 */
export function shopSettings(db: Database): Promise<ShopSettings> {
  pageShows(PAGE_TAGS.settings);
  if (!heard?.isListening(STOREFRONT_CHANGED)) return getSettings(db);
  remembered ??= getSettings(db).catch((error) => {
    remembered = undefined;
    throw error;
  });
  return remembered;
}

/** The settings' limits on cash on delivery, as the checkout and the order service apply them. */
export function cashOnDeliveryRules(settings: ShopSettings): CashOnDeliveryRules {
  return {
    maxOrderValue: settings.codMaxOrderValue,
    excludedPinPrefixes: settings.codExcludedPinPrefixes,
  };
}

/** Listens for settings changes, from this process or any other, to forget the kept settings. */
export async function rememberSettingsUntilChanged(live: LiveEvents) {
  heard = undefined;
  remembered = undefined;
  await live.subscribe(STOREFRONT_CHANGED, (payload) => {
    // An empty payload: the connection came back, and a change may have gone unheard.
    if (!payload || parseTags(payload).includes(PAGE_TAGS.settings)) remembered = undefined;
  });
  heard = live;
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
  "codMaxOrderValue",
  "codExcludedPinPrefixes",
  "minShelfLifeDays",
  "manufacturingLicence",
  "grievanceOfficerName",
  "grievanceOfficerDesignation",
  "grievanceOfficerEmail",
  "grievanceOfficerPhone",
  "packageLengthCm",
  "packageBreadthCm",
  "packageHeightCm",
  "shippingFeesFrom",
  "shopHolidays",
] as const satisfies readonly (keyof EditableSettings)[];

/** Fields an empty input clears (null) rather than leaves as they were. */
const CLEARABLE_FIELDS = new Set<string>(["addressLine2", "codMaxOrderValue"]);

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
  const changed = await database.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    if (!current) throw new Error("settings row missing");
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of EDITABLE_FIELDS) {
      const next = values[field] ?? (CLEARABLE_FIELDS.has(field) ? null : undefined);
      if (next === undefined) continue;
      if (canonicalJson(current[field]) !== canonicalJson(next)) {
        before[field] = current[field];
        after[field] = next;
      }
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return changed;
    await tx.update(settings).set(after).where(eq(settings.id, 1));
    // Which lots may be sold changes with the shelf life: every size's stock figure follows.
    if ("minShelfLifeDays" in after) await refreshSellableStock(tx);
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "settings",
      entityId: "1",
      changes: { before, after },
    });
    return changed;
  });
  // The administrator's next page shows the change even before the announcement arrives.
  if (changed.length > 0) remembered = undefined;
  return changed;
}
