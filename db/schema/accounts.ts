import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/**
 * docs/SPEC.md §3 "profiles" is the account itself: Better Auth's user model is mapped onto this table
 * (its `name` field is stored as full_name), so a profile can never be missing or out of step.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: id(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phone: text("phone"),
    /**
     * The mobile number the customer signs in with, E.164 ("+919822012345"), set only once a code
     * sent to it was entered (docs/decisions/062). Better Auth's phone-number plugin reads it.
     */
    phoneNumber: text("phone_number").unique(),
    phoneNumberVerified: boolean("phone_number_verified").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_phone_number_check", sql`${t.phoneNumber} ~ '^\\+91[6-9][0-9]{9}$'`)],
);

export const PHONE_CODE_PURPOSES = ["sign-in", "sign-up", "add-number"] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/**
 * Codes sent by SMS, and the one-time tickets a verified new number is given for the name step
 * (docs/decisions/062). Only an HMAC of the code is kept; a row is used once, never again.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: id(),
    phoneNumber: text("phone_number").notNull(),
    purpose: text("purpose", { enum: PHONE_CODE_PURPOSES }).notNull(),
    /** The signed-in customer adding this number (purpose "add-number"), else null. */
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    /** Wrong tries from the client that asked for the code (docs/decisions/068). */
    attempts: integer("attempts").notNull().default(0),
    /** The client key (lib/client-key.server.ts) that asked for the code; null for a ticket. */
    requestedBy: text("requested_by"),
    /** Wrong tries from every other client together: they close the code to others only. */
    strangerAttempts: integer("stranger_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("phone_codes_number_idx").on(t.phoneNumber, t.createdAt),
    check("phone_codes_purpose_check", sql`${t.purpose} in ('sign-in', 'sign-up', 'add-number')`),
    check("phone_codes_attempts_check", sql`${t.attempts} >= 0`),
    check("phone_codes_stranger_attempts_check", sql`${t.strangerAttempts} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const ROLES = ["admin"] as const;
export type Role = (typeof ROLES)[number];

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('admin')`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_user_id_idx").on(t.userId),
    // docs/DESIGN.md §5: at most one default address per user.
    uniqueIndex("addresses_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
    check("addresses_phone_check", sql`${t.phone} ~ '^[0-9]{10}$'`),
    check("addresses_postal_code_check", sql`${t.postalCode} ~ '^[0-9]{6}$'`),
  ],
);
