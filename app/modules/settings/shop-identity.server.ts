import type { LegalShop } from "../../domain/legal-metrology";
import type { Database } from "../../lib/db.server";
import { type ShopSettings, shopSettings } from "./settings.server";

export type ShopIdentity = {
  name: string;
  phone: string;
  email: string;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
  socialLinks: { facebook?: string; instagram?: string; twitter?: string; youtube?: string };
  /** Empty until the shop is registered for GST. */
  gstin: string;
};

/** What every page shows of the shop: header promo bar, footer, contact details. */
export async function getShopIdentity(db: Database): Promise<ShopIdentity> {
  const s = await shopSettings(db);
  return {
    name: s.shopName,
    phone: s.phone,
    email: s.email,
    address: {
      line1: s.addressLine1,
      line2: s.addressLine2,
      city: s.city,
      state: s.state,
      postalCode: s.postalCode,
    },
    socialLinks: s.socialLinks,
    gstin: s.gstin,
  };
}

/** The seller every product page declares, from the settings (docs/decisions/073). */
export function legalShopOf(s: ShopSettings): LegalShop {
  const street = [s.addressLine1, s.addressLine2].filter(Boolean).join(", ");
  return {
    name: s.shopName,
    address: `${street}, ${s.city}, ${s.state} ${s.postalCode}`,
    gstin: s.gstin,
    grievanceOfficer: {
      name: s.grievanceOfficerName,
      designation: s.grievanceOfficerDesignation,
      email: s.grievanceOfficerEmail,
      phone: s.grievanceOfficerPhone,
    },
  };
}
