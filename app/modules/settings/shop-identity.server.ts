import { shopSettings } from "./settings.server";

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
export async function getShopIdentity(): Promise<ShopIdentity> {
  const s = await shopSettings();
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
