import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { getShopIdentity } from "~/modules/settings/shop-identity.server";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as authAction } from "~/routes/auth/auth";
import { auditLog } from "../../db/schema";
import { callRouteAt, createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import type { Customer } from "./support/profile";

let handle: DatabaseHandle;
let admin: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db, "Shop Owner");
});
afterAll(() => handle.close());

type LoaderData = Awaited<ReturnType<typeof settingsLoader>>;

async function currentForm() {
  const answer = await callRouteAt<LoaderData>(settingsLoader, "/admin/settings", admin.cookies);
  return answer.body!.settings;
}

async function save(changes: Record<string, string>) {
  const fields = { ...(await currentForm()), ...changes };
  return callRouteAt<{ ok: boolean; result: { error?: Record<string, string[]> } }>(
    settingsAction,
    "/admin/settings",
    admin.cookies,
    fields,
  );
}

async function settingsAudit() {
  return handle.db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
}

describe(`shop settings on ${DATABASE_KIND}`, () => {
  it("saves the edited fields and records only those, before and after", async () => {
    const before = await getSettings(handle.db);
    const answer = await save({
      shopName: "Satara Ayurveda Pharmacy",
      phone: "+91 98220 12345",
      gstin: "27aapfu0939f1zv",
      instagram: "",
      lowStockThreshold: "4",
    });
    expect(answer).toMatchObject({
      status: 200,
      toast: {
        type: "success",
        title: "Settings saved",
        // The fields by their labels, abbreviations in capitals: never "Gstin".
        description: "Changed: Shop name, Phone, Social links, GSTIN, Low stock threshold",
      },
    });
    const after = await getSettings(handle.db);
    expect(after).toMatchObject({
      shopName: "Satara Ayurveda Pharmacy",
      phone: "+91 98220 12345",
      gstin: "27AAPFU0939F1ZV",
      lowStockThreshold: 4,
      email: before.email,
      allowedEmailDomains: before.allowedEmailDomains,
    });
    expect(after.socialLinks.instagram).toBeUndefined();
    expect(after.socialLinks.facebook).toBe(before.socialLinks.facebook);

    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({ actorId: admin.id, action: "update", entityId: "1" });
    const changes = entry!.changes as { before: object; after: object };
    expect(Object.keys(changes.after).sort()).toEqual(
      ["gstin", "lowStockThreshold", "phone", "shopName", "socialLinks"].sort(),
    );
    expect(changes.before).toMatchObject({ shopName: before.shopName, lowStockThreshold: 10 });
    expect(changes.after).toMatchObject({
      shopName: "Satara Ayurveda Pharmacy",
      lowStockThreshold: 4,
    });

    // What every page shows follows at once.
    expect(await getShopIdentity(handle.db)).toMatchObject({
      name: "Satara Ayurveda Pharmacy",
      phone: "+91 98220 12345",
      gstin: "27AAPFU0939F1ZV",
    });
  });

  it("saving the same values again changes nothing and records nothing", async () => {
    const entries = (await settingsAudit()).length;
    const answer = await save({});
    expect(answer.toast).toMatchObject({
      title: "Settings saved",
      description: "Nothing had changed",
    });
    expect(await settingsAudit()).toHaveLength(entries);
    const { id: _id, updatedAt: _updatedAt, ...same } = await getSettings(handle.db);
    expect(await updateSettings(handle.db, admin.id, same)).toEqual([]);
  });

  it("refuses invalid values with their messages and writes nothing", async () => {
    const before = await getSettings(handle.db);
    const entries = (await settingsAudit()).length;
    const answer = await save({
      gstin: "27AAPFU0939F1ZW",
      lowStockThreshold: "-1",
      allowedEmailDomains: "gmail.com\nnot_a_domain",
      email: "care@",
      postalCode: "41500",
    });
    expect(answer.status).toBe(400);
    expect(answer.toast).toMatchObject({ type: "error", title: "Error" });
    expect(answer.body?.result.error).toMatchObject({
      gstin: ["This GSTIN's last character does not match the rest; check it for typos"],
      lowStockThreshold: ["Low-stock threshold must be a whole number of 0 or more"],
      allowedEmailDomains: ["'not_a_domain' is not a domain name like gmail.com"],
      email: ["Please enter a valid email address"],
      postalCode: ["Postal code must be exactly 6 digits"],
    });
    const empty = await save({ allowedEmailDomains: "  \n " });
    expect(empty.body?.result.error?.allowedEmailDomains).toEqual([
      "Enter at least one e-mail provider domain",
    ]);
    expect(await getSettings(handle.db)).toEqual(before);
    expect(await settingsAudit()).toHaveLength(entries);
  });

  it("sign-up accepts exactly the e-mail providers of the settings", async () => {
    const answer = await save({ allowedEmailDomains: "gmail.com\nSataraMail.in" });
    expect(answer.status).toBe(200);
    expect((await getSettings(handle.db)).allowedEmailDomains).toEqual([
      "gmail.com",
      "sataramail.in",
    ]);
    const signUp = (email: string) =>
      callRouteAt<{ result?: { error?: Record<string, string[]> } }>(authAction, "/auth", [], {
        intent: "sign-up",
        fullName: "Nisha Shinde",
        email,
        password: "secret1",
      });
    const refused = await signUp("nisha@yahoo.com");
    expect(refused.status).toBe(400);
    expect(refused.body?.result?.error?.email).toEqual([
      "Please use a standard email provider (Gmail, Yahoo, Outlook, Rediffmail, etc.)",
    ]);
    const accepted = await signUp(`nisha.${Date.now()}@sataramail.in`);
    expect(accepted.toast).toMatchObject({ title: "Account created successfully!" });
  });

  it("shows each write in the audit log, newest first, with who made it, filtered by entity", async () => {
    const answer = await callRouteAt<Awaited<ReturnType<typeof auditLoader>>>(
      auditLoader,
      "/admin/audit-log?entity=settings",
      admin.cookies,
    );
    const entries = answer.body!.entries;
    expect(entries.length).toBe(2);
    expect(entries.every((e) => e.entity === "settings")).toBe(true);
    expect(entries[0]).toMatchObject({ actorName: "Shop Owner", actorEmail: admin.email });
    expect(entries[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(entries[1]!.createdAt.getTime());
    expect((entries[0]!.changes as { after: object }).after).toHaveProperty("allowedEmailDomains");
    expect(answer.body?.entities).toContain("settings");
    const none = await callRouteAt<Awaited<ReturnType<typeof auditLoader>>>(
      auditLoader,
      "/admin/audit-log?entity=coupon",
      admin.cookies,
    );
    expect(none.body).toMatchObject({ total: 0, entries: [] });
  });
});

describe(`cash-on-delivery settings on ${DATABASE_KIND}`, () => {
  it("saves the cash-on-delivery limit in paise and PIN prefixes, and an empty limit lifts it", async () => {
    const answer = await save({
      codMaxOrderValue: "4,999.50",
      codExcludedPinPrefixes: "744101\n79, 18 79",
    });
    expect(answer.status).toBe(200);
    expect(answer.toast?.description).toBe(
      "Changed: Cash on delivery limit, PIN codes without cash on delivery",
    );
    expect(await getSettings(handle.db)).toMatchObject({
      codMaxOrderValue: 499_950,
      codExcludedPinPrefixes: ["744101", "79", "18"],
    });
    expect(await currentForm()).toMatchObject({
      codMaxOrderValue: "4999.5",
      codExcludedPinPrefixes: "744101\n79\n18",
    });
    await save({ codMaxOrderValue: "", codExcludedPinPrefixes: "" });
    expect(await getSettings(handle.db)).toMatchObject({
      codMaxOrderValue: null,
      codExcludedPinPrefixes: [],
    });
  });

  it("refuses a cash-on-delivery limit of 0 or not an amount, and a prefix that is not PIN digits", async () => {
    const before = await getSettings(handle.db);
    for (const limit of ["0", "-5", "five thousand", "10.555", "100000001"]) {
      const answer = await save({ codMaxOrderValue: limit });
      expect(answer.status, limit).toBe(400);
      expect(answer.body?.result.error?.codMaxOrderValue, limit).toEqual([
        "Enter an amount in rupees above 0 and up to 1,00,00,000, such as 5000 or 4999.50",
      ]);
    }
    const prefixes = await save({ codExcludedPinPrefixes: "744\n07\n4151011\nabc" });
    expect(prefixes.body?.result.error?.codExcludedPinPrefixes).toEqual([
      "'07' is not a PIN code or its first digits (1 to 6 digits, not starting with 0)",
      "'4151011' is not a PIN code or its first digits (1 to 6 digits, not starting with 0)",
      "'abc' is not a PIN code or its first digits (1 to 6 digits, not starting with 0)",
    ]);
    expect(await getSettings(handle.db)).toEqual(before);
  });
});

describe(`stock settings on ${DATABASE_KIND}`, () => {
  it("saves the minimum shelf life and the licence number, audited, and refuses a shelf life out of range", async () => {
    const entries = (await settingsAudit()).length;
    const refused = await save({ minShelfLifeDays: "1096", manufacturingLicence: "L".repeat(61) });
    expect(refused.status).toBe(400);
    expect(refused.body?.result.error).toMatchObject({
      minShelfLifeDays: ["Minimum shelf life must be a whole number of days from 0 to 1095"],
      manufacturingLicence: ["Manufacturing licence number must be at most 60 characters"],
    });
    expect(await settingsAudit()).toHaveLength(entries);

    const answer = await save({ minShelfLifeDays: "120", manufacturingLicence: "AYU/MH/25D/0147" });
    expect(answer.toast).toMatchObject({
      title: "Settings saved",
      description: "Changed: Minimum shelf life (days), Manufacturing licence number",
    });
    const saved = await getSettings(handle.db);
    expect([saved.minShelfLifeDays, saved.manufacturingLicence]).toEqual([120, "AYU/MH/25D/0147"]);
    const audit = await settingsAudit();
    expect(audit).toHaveLength(entries + 1);
    expect(audit.at(-1)!.changes).toMatchObject({
      before: { minShelfLifeDays: 90, manufacturingLicence: "" },
      after: { minShelfLifeDays: 120, manufacturingLicence: "AYU/MH/25D/0147" },
    });
    await save({ minShelfLifeDays: "90", manufacturingLicence: "" });
    expect((await getSettings(handle.db)).minShelfLifeDays).toBe(90);
  });
});
