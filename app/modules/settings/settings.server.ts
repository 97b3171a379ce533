import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from "../../domain/email-providers";
import type { Executor } from "../../lib/db.server";

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
