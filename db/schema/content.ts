import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";

export type SocialLinks = {
  facebook?: string;
  instagram?: string;
  twitter?: string;
  youtube?: string;
};

/** The shop's identity and tunables: one row, editable by administrators (docs/DESIGN.md §3, §6). */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    gstin: text("gstin").notNull().default(""),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    allowedEmailDomains: text("allowed_email_domains").array().notNull().default(sql`'{}'::text[]`),
    /** The largest order total, in paise, that may be paid on delivery; null for no limit. */
    codMaxOrderValue: integer("cod_max_order_value"),
    /** PIN codes, or their leading digits, where cash on delivery is not offered. */
    codExcludedPinPrefixes: text("cod_excluded_pin_prefixes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lots expiring sooner than this many days from today are not sold (docs/decisions/059). */
    minShelfLifeDays: integer("min_shelf_life_days").notNull().default(90),
    /** The grievance officer every product page names (Consumer Protection (E-Commerce) Rules 2020). */
    grievanceOfficerName: text("grievance_officer_name").notNull().default(""),
    grievanceOfficerDesignation: text("grievance_officer_designation").notNull().default(""),
    grievanceOfficerEmail: text("grievance_officer_email").notNull().default(""),
    grievanceOfficerPhone: text("grievance_officer_phone").notNull().default(""),
    /** The drug manufacturing licence number printed on invoices and packing slips. */
    manufacturingLicence: text("manufacturing_licence").notNull().default(""),
    /** The box parcels are booked in, in centimetres (docs/decisions/060). */
    packageLengthCm: integer("package_length_cm").notNull().default(20),
    packageBreadthCm: integer("package_breadth_cm").notNull().default(15),
    packageHeightCm: integer("package_height_cm").notNull().default(10),
    /** The checkout's fees: the shop's own, or the courier's rates (docs/decisions/064). */
    shippingFeesFrom: text("shipping_fees_from").notNull().default("shop"),
    /**
     * The days the shop neither packs nor delivers on besides Sundays (docs/decisions/072):
     * "2026-11-09" for one day, "01-26" for that day every year.
     */
    shopHolidays: text("shop_holidays")
      .array()
      .notNull()
      .default(sql`'{01-26,05-01,08-15,10-02}'::text[]`),
    /** Sign-in codes the whole shop may send by SMS in an hour: each costs money (decision 062). */
    smsCodesPerHour: integer("sms_codes_per_hour").notNull().default(300),
    /** MSG91's template (mapped to its DLT template ID) of the sign-in code SMS; null until set. */
    smsSignInTemplateId: text("sms_sign_in_template_id"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_low_stock_non_negative", sql`${t.lowStockThreshold} >= 0`),
    check("settings_cod_max_positive", sql`${t.codMaxOrderValue} > 0`),
    check("settings_sms_codes_per_hour_range", sql`${t.smsCodesPerHour} between 1 and 100000`),
    check("settings_min_shelf_life_range", sql`${t.minShelfLifeDays} between 0 and 1095`),
    check("settings_shipping_fees_from", sql`${t.shippingFeesFrom} in ('shop', 'courier')`),
    check(
      "settings_package_size_range",
      sql`${t.packageLengthCm} between 1 and 200 and ${t.packageBreadthCm} between 1 and 200 and ${t.packageHeightCm} between 1 and 200`,
    ),
    check(
      "settings_grievance_officer_length",
      sql`char_length(${t.grievanceOfficerName}) <= 100 and char_length(${t.grievanceOfficerDesignation}) <= 100 and char_length(${t.grievanceOfficerEmail}) <= 254 and char_length(${t.grievanceOfficerPhone}) <= 20`,
    ),
    check(
      "settings_manufacturing_licence_length",
      sql`char_length(${t.manufacturingLicence}) <= 60`,
    ),
  ],
);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: id(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/** Every administrator write: who, what, when and the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Who wrote an entry no person did: the courier (its scans, its payouts) or the shop itself. */
    actorKind: text("actor_kind", { enum: ["courier", "system"] }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    /** The entity's name, code or number when the entry was written; kept after it is deleted. */
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    check("audit_log_actor_kind_check", sql`${t.actorKind} in ('courier', 'system')`),
  ],
);

/** Fixed-window counters shared by every app process (sign-in, sign-up, reset). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
