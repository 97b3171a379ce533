/**
 * docs/decisions/073: what a product page declares by law (Legal Metrology (Packaged
 * Commodities) Rules 2011, rules 6 and 10; Consumer Protection (E-Commerce) Rules 2020): the
 * owner's fields on the product form and the settings, their defaults, their checks (a refused
 * form writes nothing), the page's declaration for the size shown and the owner's flag for what
 * cannot be derived.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { listAllSizes } from "~/modules/catalog/size-edits.server";
import { receiveLots } from "~/modules/inventory/lots.server";
import { getSettings } from "~/modules/settings/settings.server";
import { action as productsAction, loader as productsLoader } from "~/routes/admin/products";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as productLoader } from "~/routes/store/product";
import { auditLog, products, productVariants, settings } from "../../db/schema";
import {
  callRoute,
  callRouteAt,
  getPage,
  postMultipart,
  signInAdministrator,
} from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
  await handle.db
    .update(settings)
    .set({
      shopName: "Satara Ayurveda",
      addressLine1: "12 Powai Naka",
      addressLine2: null,
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
      gstin: "27AAPFU0939F1ZV",
    })
    .where(eq(settings.id, 1));
});
afterAll(() => handle.close());

type Legal = {
  manufacturer: { name: string; address: string };
  countryOfOrigin: string;
  caution: string | null;
  seller: {
    name: string;
    address: string;
    gstin: string;
    grievanceOfficer: { name: string; designation: string; email: string; phone: string };
  };
  packs: {
    sizeId: string;
    mrp: number;
    netQuantity: string | null;
    unitPrice: string | null;
    bestBefore: string | null;
  }[];
};
type ProductPage = { product: { id: string; variantId: string }; legal: Legal };
type ListPage = Awaited<ReturnType<typeof productsLoader>>;

function named(label: string) {
  const tag = randomUUID().slice(0, 8);
  return { name: `${label} ${tag}`, slug: `${label.toLowerCase().replaceAll(" ", "-")}-${tag}` };
}

async function post(fields: Record<string, string>, path = "/admin/products") {
  return callRoute<{ ok: boolean; result?: { error?: Record<string, string[]> } }>(
    productsAction,
    postMultipart(path, admin.cookies, fields),
  );
}

async function productBySlug(slug: string) {
  const [row] = await handle.db.select().from(products).where(eq(products.slug, slug));
  return row;
}

async function openPage(slug: string) {
  const { status, body } = await callRoute<ProductPage>(
    productLoader,
    getPage(`/product/${slug}`),
    {
      id: slug,
    },
  );
  expect(status).toBe(200);
  return body!;
}

async function listedFlag(name: string) {
  const { body } = await callRoute<ListPage>(
    productsLoader,
    getPage(`/admin/products?q=${encodeURIComponent(name)}`, admin.cookies),
  );
  return body!.list.items.find((item) => item.name === name)!.legalGaps;
}

async function auditCount() {
  return (await handle.db.select({ id: auditLog.id }).from(auditLog)).length;
}

/** A dated batch for a size, so its best-before can be read from the lot that ships next. */
async function receiveDated(variantId: string, expiresOn: string, quantity = 5) {
  await handle.db.transaction((tx) =>
    receiveLots(tx, [
      {
        variantId,
        batchNumber: `B-${randomUUID().slice(0, 6)}`,
        manufacturedOn: "2026-01-01",
        expiresOn,
        quantity,
      },
    ]),
  );
}

describe(`the spec's Add Product form on ${DATABASE_KIND}`, () => {
  it("saves as before: the legal fields empty, every declaration from the settings and the size", async () => {
    const { name, slug } = named("Tulsi Drops");
    const saved = await post({ intent: "create", name, slug, price: "249", stockQuantity: "12" });
    expect(saved.status).toBe(302);
    const row = await productBySlug(slug);
    expect(row).toMatchObject({
      manufacturerName: null,
      manufacturerAddress: null,
      countryOfOrigin: null,
      medicalSupervision: false,
    });
    const [size] = await listAllSizes(handle.db, row!.id);
    expect(size!.netQuantity).toBeNull();

    const { legal, product } = await openPage(slug);
    expect(legal.manufacturer).toEqual({
      name: "Satara Ayurveda",
      address: "12 Powai Naka, Satara, Maharashtra 415003",
    });
    expect(legal.countryOfOrigin).toBe("India");
    expect(legal.caution).toBeNull();
    expect(legal.seller).toMatchObject({ name: "Satara Ayurveda", gstin: "27AAPFU0939F1ZV" });
    // The only size has no label and the form's stock is a batch without a date: neither its
    // net quantity nor its best-before can be derived, and the owner's list says so.
    expect(legal.packs).toEqual([
      {
        sizeId: product.variantId,
        mrp: 24900,
        netQuantity: null,
        unitPrice: null,
        unitPriceMeasure: null,
        bestBefore: null,
      },
    ]);
    expect(await listedFlag(name)).toBe("net quantity, best before");
    const { body } = await callRoute<ListPage>(
      productsLoader,
      getPage(`/admin/products?edit=${row!.id}`, admin.cookies),
    );
    expect(body!.editing!.legalGaps).toBe("net quantity, best before");
  });
});

describe(`the owner's legal fields on ${DATABASE_KIND}`, () => {
  it("saves the manufacturer, country, caution and each size's net quantity; the page declares them", async () => {
    const { name, slug } = named("Bhallatak Vati");
    const tag = randomUUID().slice(0, 6);
    const created = await post({
      intent: "create",
      name,
      slug,
      price: "300",
      discountPrice: "270",
      stockQuantity: "0",
      label: "Trial pack",
      netQuantity: "30 tablets",
      "newSize.label": "120 tablets",
      "newSize.sku": `BV-120-${tag}`,
      "newSize.price": "900",
      "newSize.stockQuantity": "0",
      manufacturerName: "Krishna Herbals Pvt. Ltd.",
      manufacturerAddress: "Plot 4, MIDC, Wai, Satara 412803",
      countryOfOrigin: "India",
      medicalSupervision: "on",
    });
    expect(created.status).toBe(302);
    const row = await productBySlug(slug);
    expect(row).toMatchObject({
      manufacturerName: "Krishna Herbals Pvt. Ltd.",
      manufacturerAddress: "Plot 4, MIDC, Wai, Satara 412803",
      countryOfOrigin: "India",
      medicalSupervision: true,
    });
    const sizes = await listAllSizes(handle.db, row!.id);
    expect(sizes.map((size) => [size.label, size.netQuantity])).toEqual([
      ["Trial pack", "30 tablets"],
      ["120 tablets", null],
    ]);
    await receiveDated(sizes[0]!.id, "2027-03-31");
    await receiveDated(sizes[1]!.id, "2027-08-31");

    const { legal } = await openPage(slug);
    expect(legal.manufacturer.name).toBe("Krishna Herbals Pvt. Ltd.");
    expect(legal.caution).toBe("To be taken under medical supervision");
    expect(legal.packs.map((pack) => [pack.netQuantity, pack.unitPrice, pack.bestBefore])).toEqual([
      ["30 tablets", "₹9.00 per tablet", "Mar 2027"],
      ["120 tablets", "₹7.50 per tablet", "Aug 2027"],
    ]);
    expect(await listedFlag(name)).toBeNull();

    // The rows of the several-sizes form carry each size's net quantity too.
    const form: Record<string, string> = { intent: "update", id: row!.id, name, slug };
    sizes.forEach((size, index) => {
      const fields = {
        id: size.id,
        label: size.label,
        sku: size.sku,
        price: String(size.price / 100),
        discountPrice: size.discountPrice === null ? "" : String(size.discountPrice / 100),
        stockQuantity: "5",
        netQuantity: index === 0 ? "" : "120 tablets",
      };
      for (const [key, value] of Object.entries(fields)) form[`sizes[${index}].${key}`] = value;
    });
    const updated = await post(form, `/admin/products?edit=${row!.id}`);
    expect(updated.status).toBe(302);
    expect(
      (await listAllSizes(handle.db, row!.id)).map((size) => [size.label, size.netQuantity]),
    ).toEqual([
      ["Trial pack", null],
      ["120 tablets", "120 tablets"],
    ]);
    // The owner left out the caution and the manufacturer: the defaults are back.
    expect(await productBySlug(slug)).toMatchObject({
      manufacturerName: null,
      medicalSupervision: false,
    });
    expect(await listedFlag(name)).toBe("net quantity (Trial pack)");
  });

  it("refuses what cannot be declared with a 400 naming the field, and writes nothing", async () => {
    const { name, slug } = named("Refused Legal");
    const before = await auditCount();
    const refusals: [Record<string, string>, string, string][] = [
      [{ netQuantity: "a handful" }, "netQuantity", "Net quantity must be a number and a unit"],
      [
        { manufacturerName: "Krishna Herbals" },
        "manufacturerAddress",
        "Give the manufacturer's address too",
      ],
      [
        { manufacturerAddress: "Plot 4, MIDC, Wai" },
        "manufacturerName",
        "Give the manufacturer's name too",
      ],
      [
        { countryOfOrigin: "x".repeat(61) },
        "countryOfOrigin",
        "Country of origin must be at most 60 characters",
      ],
      [{ countryOfOrigin: "India 2" }, "countryOfOrigin", "Country of origin must be letters"],
      [
        {
          "newSize.label": "1 kg",
          "newSize.sku": "RL-1KG",
          "newSize.price": "500",
          "newSize.stockQuantity": "1",
          "newSize.netQuantity": "lots",
        },
        "newSize.netQuantity",
        "Net quantity must be a number and a unit",
      ],
    ];
    for (const [fields, field, message] of refusals) {
      const answer = await post({
        intent: "create",
        name,
        slug,
        price: "100",
        stockQuantity: "1",
        ...fields,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body?.result?.error?.[field]?.[0], field).toContain(message);
    }
    expect(await productBySlug(slug)).toBeUndefined();

    // An existing product's refused edit leaves it and its size as they were.
    expect(
      (await post({ intent: "create", name, slug, price: "100", stockQuantity: "1" })).status,
    ).toBe(302);
    const row = await productBySlug(slug);
    const audited = await auditCount();
    const refused = await post(
      {
        intent: "update",
        id: row!.id,
        name,
        slug,
        price: "120",
        stockQuantity: "1",
        netQuantity: "500 g + 100 g free",
        countryOfOrigin: "Nepal",
      },
      `/admin/products?edit=${row!.id}`,
    );
    expect(refused.status).toBe(400);
    expect(await productBySlug(slug)).toMatchObject({
      countryOfOrigin: null,
      updatedAt: row!.updatedAt,
    });
    const [size] = await handle.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row!.id));
    expect([size!.price, size!.netQuantity]).toEqual([10000, null]);
    expect(await auditCount()).toBe(audited);
    expect(audited).toBe(before + 1);
  });
});

describe(`the seller's details on the settings screen on ${DATABASE_KIND}`, () => {
  type SettingsForm = Awaited<ReturnType<typeof settingsLoader>>["settings"];
  async function currentForm() {
    const answer = await callRouteAt<{ settings: SettingsForm }>(
      settingsLoader,
      "/admin/settings",
      admin.cookies,
    );
    return answer.body!.settings as Record<string, string>;
  }

  it("saves the grievance officer, shown on every product page; a bad one is refused, nothing written", async () => {
    const fields = await currentForm();
    expect(fields).toMatchObject({
      grievanceOfficerName: "",
      grievanceOfficerDesignation: "",
      grievanceOfficerEmail: "",
      grievanceOfficerPhone: "",
    });
    const refused = await callRouteAt<{ result: { error?: Record<string, string[]> } }>(
      settingsAction,
      "/admin/settings",
      admin.cookies,
      { ...fields, grievanceOfficerName: "Meera Kulkarni", grievanceOfficerEmail: "not an email" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body?.result.error?.grievanceOfficerEmail).toEqual([
      "Please enter a valid email address",
    ]);
    const noContact = await callRouteAt<{ result: { error?: Record<string, string[]> } }>(
      settingsAction,
      "/admin/settings",
      admin.cookies,
      { ...fields, grievanceOfficerName: "Meera Kulkarni" },
    );
    expect(noContact.status).toBe(400);
    expect(noContact.body?.result.error?.grievanceOfficerEmail).toEqual([
      "Give the grievance officer's e-mail or phone",
    ]);
    expect((await getSettings(handle.db)).grievanceOfficerName).toBe("");

    const saved = await callRouteAt(settingsAction, "/admin/settings", admin.cookies, {
      ...fields,
      grievanceOfficerName: "Meera Kulkarni",
      grievanceOfficerDesignation: "Director",
      grievanceOfficerEmail: "Grievance@Shop.example",
      grievanceOfficerPhone: "+91 21620 00000",
    });
    expect(saved).toMatchObject({
      status: 200,
      toast: {
        title: "Settings saved",
        description:
          "Changed: Grievance officer's name, Grievance officer's designation, Grievance officer's e-mail, Grievance officer's contact number",
      },
    });
    const { name, slug } = named("Seller Shown");
    await post({ intent: "create", name, slug, price: "100", stockQuantity: "1" });
    const { legal } = await openPage(slug);
    expect(legal.seller).toEqual({
      name: "Satara Ayurveda",
      address: "12 Powai Naka, Satara, Maharashtra 415003",
      gstin: "27AAPFU0939F1ZV",
      grievanceOfficer: {
        name: "Meera Kulkarni",
        designation: "Director",
        email: "grievance@shop.example",
        phone: "+91 21620 00000",
      },
    });
  });
});
