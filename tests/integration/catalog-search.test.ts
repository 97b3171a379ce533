import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductListQuery } from "~/domain/catalog-query";
import type { DatabaseHandle } from "~/lib/db.server";
import { searchProducts } from "~/modules/catalog/search.server";
import { insertCategory, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
const query = (overrides: Partial<ProductListQuery>): ProductListQuery => ({
  search: undefined,
  categoryId: undefined,
  sort: "featured",
  page: 1,
  ...overrides,
});
const names = async (overrides: Partial<ProductListQuery>, pageSize?: number) =>
  (await searchProducts(handle.db, query(overrides), pageSize)).items.map((p) => p.name);

let jointCareId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  const jointCare = await insertCategory(handle.db, "joint-care");
  jointCareId = jointCare.id;
  const day = 24 * 60 * 60 * 1000;
  await insertProducts(handle.db, [
    {
      name: "Ashwagandha Tablet",
      price: 40000,
      discountPrice: 35000,
      rating: 4.5,
      reviewCount: 10,
      isFeatured: true,
      createdAt: new Date(Date.now() - 5 * day),
    },
    {
      name: "Triphala Churna",
      description: "Gentle daily DIGESTIVE cleanse",
      price: 20000,
      rating: 4.8,
      reviewCount: 3,
      createdAt: new Date(Date.now() - 4 * day),
    },
    {
      name: "Joint Oil",
      detailedDescription: "Warm massage for stiff knees",
      price: 50000,
      discountPrice: 15000,
      rating: 4.1,
      categoryId: jointCare.id,
      createdAt: new Date(Date.now() - 3 * day),
    },
    {
      name: "Giloy Ghan Vati",
      ingredients: "Tinospora cordifolia, Guduchi satva",
      price: 30000,
      rating: 4.8,
      reviewCount: 9,
      isFeatured: true,
      createdAt: new Date(Date.now() - 2 * day),
    },
    {
      name: "Brahmi Vati",
      benefits: "Supports calm focus, restful sleep",
      price: 25000,
      rating: 3.9,
      categoryId: jointCare.id,
      createdAt: new Date(Date.now() - 1 * day),
    },
    {
      name: "Sitopaladi Churna",
      ayurvedicProperties: "Rasa: Madhura; Virya: Sheeta",
      price: 12000,
      rating: 4.0,
      createdAt: new Date(),
    },
    {
      name: "Hundred Percent Pure 100% Ghee",
      price: 90000,
      rating: 2,
      createdAt: new Date(Date.now() - 10 * day),
    },
  ]);
});
afterAll(() => handle.close());

describe(`product search on ${DATABASE_KIND}`, () => {
  it.each([
    ["name", "ashwa", "Ashwagandha Tablet"],
    ["description", "digestive", "Triphala Churna"],
    ["detailed description", "STIFF KNEES", "Joint Oil"],
    ["ingredients", "cordifolia", "Giloy Ghan Vati"],
    ["benefits", "restful", "Brahmi Vati"],
    ["ayurvedic properties", "sheeta", "Sitopaladi Churna"],
  ])("finds a case-insensitive substring of the %s", async (_, text, expected) => {
    expect(await names({ search: text })).toEqual([expected]);
  });

  it("does not search the dosage instructions", async () => {
    expect(await names({ search: "after meals" })).toEqual([]);
  });

  it("treats % and _ as text, not wildcards", async () => {
    expect(await names({ search: "100%" })).toEqual(["Hundred Percent Pure 100% Ghee"]);
    expect(await names({ search: "a_h" })).toEqual([]);
  });

  it("lists featured products first, newest first within each group", async () => {
    expect(await names({})).toEqual([
      "Giloy Ghan Vati",
      "Ashwagandha Tablet",
      "Sitopaladi Churna",
      "Brahmi Vati",
      "Joint Oil",
      "Triphala Churna",
      "Hundred Percent Pure 100% Ghee",
    ]);
  });

  it("sorts by the price paid (discount price when present), both ways", async () => {
    const low = await searchProducts(handle.db, query({ sort: "price-low" }));
    const prices = low.items.map((p) => p.discountPrice ?? p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(low.items[0]?.name).toBe("Sitopaladi Churna");
    expect(low.items[1]?.name).toBe("Joint Oil"); // 150 after discount, though listed at 500
    const high = await names({ sort: "price-high" });
    expect(high[0]).toBe("Hundred Percent Pure 100% Ghee");
    expect(high.at(-1)).toBe("Sitopaladi Churna");
  });

  it("sorts by rating, highest first, more reviews breaking ties", async () => {
    expect((await names({ sort: "rating" })).slice(0, 3)).toEqual([
      "Giloy Ghan Vati",
      "Triphala Churna",
      "Ashwagandha Tablet",
    ]);
  });

  it("filters by category, with or without a search", async () => {
    expect(await names({ categoryId: jointCareId })).toEqual(["Brahmi Vati", "Joint Oil"]);
    expect(await names({ categoryId: jointCareId, search: "knees" })).toEqual(["Joint Oil"]);
    expect(await names({ categoryId: jointCareId, search: "ashwa" })).toEqual([]);
  });

  it("pages through the results without repeating or skipping", async () => {
    const first = await searchProducts(handle.db, query({ sort: "price-low", page: 1 }), 3);
    const second = await searchProducts(handle.db, query({ sort: "price-low", page: 2 }), 3);
    const third = await searchProducts(handle.db, query({ sort: "price-low", page: 3 }), 3);
    expect(first).toMatchObject({ total: 7, totalIsCapped: false, pageCount: 3, page: 1 });
    const all = [...first.items, ...second.items, ...third.items].map((p) => p.name);
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(7);
    expect(all).toEqual(await names({ sort: "price-low" }));
  });

  it("shows the last page for a page number past the end", async () => {
    const result = await searchProducts(handle.db, query({ page: 99 }), 3);
    expect(result.page).toBe(3);
    expect(result.items.map((p) => p.name)).toEqual(["Hundred Percent Pure 100% Ghee"]);
  });

  it("answers an empty result with total 0", async () => {
    expect(await searchProducts(handle.db, query({ search: "no such herb" }))).toMatchObject({
      total: 0,
      items: [],
      pageCount: 1,
    });
  });
});
