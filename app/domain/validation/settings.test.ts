import { describe, expect, it } from "vitest";
import {
  courierSettingsFormSchema,
  parseDomainList,
  SETTINGS_MESSAGES,
  settingsFormSchema,
  settingsSchemaFor,
} from "./settings";

const VALID = {
  shopName: "Satara Ayurveda",
  phone: "+91 98765 43210",
  email: "Care@Satara-Ayurveda.in",
  addressLine1: "12 Powai Naka",
  addressLine2: "",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
  facebook: "https://www.facebook.com/sataraayurveda",
  instagram: "",
  twitter: "",
  youtube: "",
  gstin: "27aapfu0939f1zv",
  lowStockThreshold: "10",
  minShelfLifeDays: "90",
  manufacturingLicence: " AYU/MH/25D/2019/0147 ",
  allowedEmailDomains: "gmail.com\n Yahoo.co.in \n\ngmail.com",
};

function errorsFor(input: Record<string, string | undefined>) {
  const result = settingsFormSchema.safeParse({ ...VALID, ...input });
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.message);
}

describe("settings form", () => {
  it("normalises a valid form", () => {
    const value = settingsFormSchema.parse(VALID);
    expect(value).toEqual({
      shopName: "Satara Ayurveda",
      phone: "+91 98765 43210",
      email: "care@satara-ayurveda.in",
      addressLine1: "12 Powai Naka",
      addressLine2: null,
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
      gstin: "27AAPFU0939F1ZV",
      lowStockThreshold: 10,
      minShelfLifeDays: 90,
      manufacturingLicence: "AYU/MH/25D/2019/0147",
      grievanceOfficerName: "",
      grievanceOfficerDesignation: "",
      grievanceOfficerEmail: "",
      grievanceOfficerPhone: "",
      allowedEmailDomains: ["gmail.com", "yahoo.co.in"],
      codMaxOrderValue: null,
      codExcludedPinPrefixes: [],
      socialLinks: { facebook: "https://www.facebook.com/sataraayurveda" },
    });
  });

  it("stores the shop's name with one space between its words", () => {
    expect(settingsFormSchema.parse({ ...VALID, shopName: " Satara  Ayurveda " }).shopName).toBe(
      "Satara Ayurveda",
    );
  });

  it("allows an empty GSTIN and a threshold of 0", () => {
    const value = settingsFormSchema.parse({ ...VALID, gstin: undefined, lowStockThreshold: "0" });
    expect(value.gstin).toBe("");
    expect(value.lowStockThreshold).toBe(0);
  });

  it("checks the GSTIN's shape and its check character", () => {
    expect(errorsFor({ gstin: "27AAPFU0939F1Z" })).toEqual([SETTINGS_MESSAGES.gstinFormat]);
    expect(errorsFor({ gstin: "27AAPFU0939F1ZW" })).toEqual([SETTINGS_MESSAGES.gstinChecksum]);
  });

  it("wants a whole low-stock threshold of 0 or more", () => {
    for (const bad of ["-1", "2.5", "ten", "", undefined]) {
      expect(errorsFor({ lowStockThreshold: bad }), String(bad)).toEqual([
        SETTINGS_MESSAGES.threshold,
      ]);
    }
  });

  it("wants a minimum shelf life of 0 to 1095 whole days", () => {
    expect(settingsFormSchema.parse({ ...VALID, minShelfLifeDays: "0" }).minShelfLifeDays).toBe(0);
    expect(settingsFormSchema.parse({ ...VALID, minShelfLifeDays: "1095" }).minShelfLifeDays).toBe(
      1095,
    );
    for (const bad of ["-1", "30.5", "ninety", "1096", "99999", "", undefined]) {
      expect(errorsFor({ minShelfLifeDays: bad }), String(bad)).toEqual([
        SETTINGS_MESSAGES.minShelfLife,
      ]);
    }
  });

  it("allows an empty manufacturing licence number, and at most 60 characters", () => {
    expect(
      settingsFormSchema.parse({ ...VALID, manufacturingLicence: undefined }).manufacturingLicence,
    ).toBe("");
    expect(errorsFor({ manufacturingLicence: "L".repeat(60) })).toEqual([]);
    expect(errorsFor({ manufacturingLicence: "L".repeat(61) })).toEqual([
      SETTINGS_MESSAGES.licence,
    ]);
  });

  it("wants at least one valid e-mail provider domain", () => {
    expect(errorsFor({ allowedEmailDomains: " \n " })).toEqual([SETTINGS_MESSAGES.domainsRequired]);
    expect(errorsFor({ allowedEmailDomains: "gmail.com\nnot a domain\nlocalhost" })).toEqual([
      SETTINGS_MESSAGES.domainInvalid("not"),
      SETTINGS_MESSAGES.domainInvalid("a"),
      SETTINGS_MESSAGES.domainInvalid("domain"),
      SETTINGS_MESSAGES.domainInvalid("localhost"),
    ]);
    expect(parseDomainList("@Gmail.com, zoho.com\r\nzoho.com")).toEqual(["gmail.com", "zoho.com"]);
  });

  it("checks the contact details", () => {
    expect(errorsFor({ phone: "12345" })).toEqual([SETTINGS_MESSAGES.phone]);
    expect(errorsFor({ phone: "call us" })).toEqual([SETTINGS_MESSAGES.phone]);
    expect(errorsFor({ email: "care@" })).toEqual([SETTINGS_MESSAGES.email]);
    expect(errorsFor({ postalCode: "4150" })).toEqual([SETTINGS_MESSAGES.postalCode]);
    expect(errorsFor({ postalCode: "015003" })).toEqual([SETTINGS_MESSAGES.postalCode]);
    expect(errorsFor({ city: "S" })).toEqual([SETTINGS_MESSAGES.city]);
    expect(errorsFor({ shopName: " " })).toEqual([SETTINGS_MESSAGES.shopNameShort]);
    expect(errorsFor({ youtube: "youtube.com/shop" })).toEqual([SETTINGS_MESSAGES.socialLink]);
    expect(errorsFor({ youtube: "javascript:alert(1)" })).toEqual([SETTINGS_MESSAGES.socialLink]);
  });
});

describe("the parcel box, on the form while a courier books parcels", () => {
  const BOX = {
    packageLengthCm: "20",
    packageBreadthCm: "15",
    packageHeightCm: "10",
    shippingFeesFrom: "shop",
  };
  const boxErrors = (input: Record<string, string | undefined>) => {
    const result = courierSettingsFormSchema.safeParse({ ...VALID, ...BOX, ...input });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("reads whole centimetres from 1 to 200", () => {
    const value = courierSettingsFormSchema.parse({
      ...VALID,
      shippingFeesFrom: "shop",
      packageLengthCm: " 1 ",
      packageBreadthCm: "200",
      packageHeightCm: "007",
    });
    expect([value.packageLengthCm, value.packageBreadthCm, value.packageHeightCm]).toEqual([
      1, 200, 7,
    ]);
  });

  it("refuses 0, 201, fractions, signs, exponents, words and an empty side", () => {
    for (const bad of ["0", "201", "12.5", "-5", "+5", "1e2", "ten", "", " ", undefined]) {
      expect(boxErrors({ packageHeightCm: bad })).toEqual([SETTINGS_MESSAGES.packageHeight]);
    }
    expect(boxErrors({ packageLengthCm: "0" })).toEqual([SETTINGS_MESSAGES.packageLength]);
    expect(boxErrors({ packageBreadthCm: "1000" })).toEqual([SETTINGS_MESSAGES.packageBreadth]);
  });

  it("is not read without a courier", () => {
    expect(settingsSchemaFor(false)).toBe(settingsFormSchema);
    expect(settingsSchemaFor(true)).toBe(courierSettingsFormSchema);
    expect(settingsFormSchema.parse({ ...VALID, packageLengthCm: "0" })).not.toHaveProperty(
      "packageLengthCm",
    );
  });

  it("chooses the shop's fees or the courier's rates, and refuses anything else", () => {
    expect(courierSettingsFormSchema.parse({ ...VALID, ...BOX }).shippingFeesFrom).toBe("shop");
    expect(
      courierSettingsFormSchema.parse({ ...VALID, ...BOX, shippingFeesFrom: "courier" })
        .shippingFeesFrom,
    ).toBe("courier");
    for (const bad of ["", "Courier", "both", " shop", undefined]) {
      expect(boxErrors({ shippingFeesFrom: bad })).toEqual([SETTINGS_MESSAGES.shippingFeesFrom]);
    }
    expect(settingsFormSchema.parse({ ...VALID, shippingFeesFrom: "courier" })).not.toHaveProperty(
      "shippingFeesFrom",
    );
  });
});

describe("the shop's holidays, on the form while a courier books parcels (decision 072)", () => {
  const BOX = {
    packageLengthCm: "20",
    packageBreadthCm: "15",
    packageHeightCm: "10",
    shippingFeesFrom: "shop",
  };
  const parse = (shopHolidays: string | undefined) =>
    courierSettingsFormSchema.safeParse({ ...VALID, ...BOX, shopHolidays });

  it("reads one a line, yearly or dated, once each and in order", () => {
    const result = parse("10-02\r\n2026-11-09\n\n 01-26 \n10-02");
    expect(result.success && result.data.shopHolidays).toEqual(["01-26", "10-02", "2026-11-09"]);
    const none = parse(undefined);
    expect(none.success && none.data.shopHolidays).toEqual([]);
  });

  it("names each entry that is not a day", () => {
    const result = parse("26 Jan\n02-30\n2027-02-29\n02-29");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      SETTINGS_MESSAGES.holidayInvalid("26 Jan"),
      SETTINGS_MESSAGES.holidayInvalid("02-30"),
      SETTINGS_MESSAGES.holidayInvalid("2027-02-29"),
    ]);
  });

  it("takes at most 60", () => {
    const days = Array.from({ length: 61 }, (_, n) =>
      new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10),
    );
    expect(parse(days.slice(0, 60).join("\n")).success).toBe(true);
    expect(parse(days.join("\n")).error?.issues.map((issue) => issue.message)).toEqual([
      SETTINGS_MESSAGES.holidaysTooMany,
    ]);
  });

  it("is not read without a courier", () => {
    expect(settingsFormSchema.parse({ ...VALID, shopHolidays: "01-26" })).not.toHaveProperty(
      "shopHolidays",
    );
  });
});
