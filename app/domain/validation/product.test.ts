import { describe, expect, it } from "vitest";
import { slugify } from "../slug";
import { productFormSchema } from "./product";

const base = { name: "Tulsi Drops", price: "249", stockQuantity: "30" };
const messages = (input: Record<string, unknown>) =>
  productFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("slug generation", () => {
  it("lower-cases and turns whitespace runs into single hyphens", () => {
    expect(slugify("Ashwagandha  Churna")).toBe("ashwagandha-churna");
    expect(slugify("  Mauli\tShatavaryadi \n Kalpa ")).toBe("mauli-shatavaryadi-kalpa");
  });

  it("strips characters unsafe in URLs and collapses the hyphens they leave", () => {
    expect(slugify("Children's Cough Syrup (100 ml)")).toBe("childrens-cough-syrup-100-ml");
    expect(slugify("Amla & Giloy / Juice?")).toBe("amla-giloy-juice");
    expect(slugify("50% off #1 tonic")).toBe("50-off-1-tonic");
    expect(slugify("--Triphala--")).toBe("triphala");
  });

  it("drops accents but keeps the letters", () => {
    expect(slugify("Crème Brûlée Balm")).toBe("creme-brulee-balm");
  });

  it("gives an empty slug when nothing URL-safe is left", () => {
    expect(slugify("अश्वगंधा")).toBe("");
    expect(slugify("!!!")).toBe("");
  });
});

describe("admin product form", () => {
  it("reads rupees as paise, empty optional fields as defaults, and makes the slug", () => {
    expect(productFormSchema.parse(base)).toEqual({
      name: "Tulsi Drops",
      slug: "tulsi-drops",
      description: "",
      detailedDescription: "",
      categoryId: null,
      price: 24900,
      discountPrice: null,
      stockQuantity: 30,
      ingredients: "",
      benefits: "",
      dosageInstructions: "",
      ayurvedicProperties: "",
      certifications: [],
      isFeatured: false,
      status: "published",
      hsnCode: "3004",
      gstRate: 5,
      // The legal details take the shop's and the size's (docs/decisions/073).
      manufacturerName: null,
      manufacturerAddress: null,
      countryOfOrigin: null,
      medicalSupervision: false,
      sizeRows: false,
      sizes: [
        { action: "sell", price: 24900, discountPrice: null, stockQuantity: 30, netQuantity: null },
      ],
    });
  });

  it("publishes by default, takes draft or archived, and refuses any other state", () => {
    for (const status of ["published", "draft", "archived"]) {
      expect(productFormSchema.parse({ ...base, status }).status).toBe(status);
    }
    const refused = productFormSchema.safeParse({ ...base, status: "deleted" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Choose Published, Draft or Archived");
  });

  it("keeps every field it is given", () => {
    const category = "0b6f0a8e-4a1e-4d55-9d6b-2f4b0c1d2e3f";
    const parsed = productFormSchema.parse({
      ...base,
      slug: "My Tulsi!",
      description: " Short ",
      detailedDescription: "Long",
      categoryId: category,
      price: "1,299.50",
      discountPrice: "999.99",
      ingredients: "Tulsi",
      benefits: "Immunity",
      dosageInstructions: "10 drops",
      ayurvedicProperties: "Ushna",
      certifications: "GMP\r\n  AYUSH licensed \n\ngmp\nISO 9001",
      isFeatured: "on",
      hsnCode: "30049011",
      gstRate: "12",
    });
    expect(parsed).toMatchObject({
      slug: "my-tulsi",
      description: "Short",
      categoryId: category,
      price: 129950,
      discountPrice: 99999,
      certifications: ["GMP", "AYUSH licensed", "ISO 9001"],
      isFeatured: true,
      hsnCode: "30049011",
      gstRate: 12,
    });
  });

  it("stores the name trimmed, each run of spaces inside it one space", () => {
    const value = productFormSchema.parse({ ...base, name: "  Triphala  Churna\u00a0 100 g " });
    expect(value.name).toBe("Triphala Churna 100 g");
    expect(value.slug).toBe("triphala-churna-100-g");
    // Spaces alone are still no name, and the length is the cleaned name's.
    expect(messages({ ...base, name: "   " })).toEqual([["name", "Product name is required"]]);
    expect(messages({ ...base, name: "A    " })).toEqual([
      ["name", "Product name must be at least 2 characters"],
    ]);
    expect(
      productFormSchema.parse({ ...base, name: `${"x".repeat(75)}   ${"y".repeat(74)}` }).name,
    ).toHaveLength(150);
  });

  it("requires a name, a price and a stock quantity", () => {
    expect(messages({})).toEqual([
      ["name", "Product name is required"],
      ["price", "Price is required"],
      ["stockQuantity", "Stock quantity is required"],
    ]);
    expect(messages({ ...base, name: "  " })).toEqual([["name", "Product name is required"]]);
    expect(messages({ ...base, price: "" })).toEqual([["price", "Price is required"]]);
    expect(messages({ ...base, name: "A" })).toEqual([
      ["name", "Product name must be at least 2 characters"],
    ]);
    expect(messages({ ...base, name: "x".repeat(151) })).toEqual([
      ["name", "Product name must be at most 150 characters"],
    ]);
  });

  it("takes prices above ₹0 with at most 2 decimals, up to ₹10,00,000", () => {
    expect(messages({ ...base, price: "0" })).toEqual([["price", "Price must be above ₹0"]]);
    expect(messages({ ...base, price: "0.00" })).toEqual([["price", "Price must be above ₹0"]]);
    expect(messages({ ...base, price: "-5" })).toEqual([
      ["price", "Price must be an amount in rupees with at most 2 decimals"],
    ]);
    expect(messages({ ...base, price: "12.345" })).toEqual([
      ["price", "Price must be an amount in rupees with at most 2 decimals"],
    ]);
    expect(messages({ ...base, price: "abc" })).toEqual([
      ["price", "Price must be an amount in rupees with at most 2 decimals"],
    ]);
    expect(messages({ ...base, price: "1000000.01" })).toEqual([
      ["price", "Price must be at most ₹10,00,000"],
    ]);
    expect(productFormSchema.parse({ ...base, price: "0.01" }).price).toBe(1);
    expect(productFormSchema.parse({ ...base, price: "1000000" }).price).toBe(100_000_000);
  });

  it("takes an empty discount price as none, otherwise above ₹0 and below the price", () => {
    expect(productFormSchema.parse({ ...base, discountPrice: "" }).discountPrice).toBeNull();
    expect(productFormSchema.parse({ ...base, discountPrice: "  " }).discountPrice).toBeNull();
    expect(productFormSchema.parse({ ...base, discountPrice: "248.99" }).discountPrice).toBe(24899);
    expect(messages({ ...base, discountPrice: "249" })).toEqual([
      ["discountPrice", "Discount price must be below the price"],
    ]);
    expect(messages({ ...base, discountPrice: "300" })).toEqual([
      ["discountPrice", "Discount price must be below the price"],
    ]);
    expect(messages({ ...base, discountPrice: "0" })).toEqual([
      ["discountPrice", "Discount price must be above ₹0"],
    ]);
    expect(messages({ ...base, discountPrice: "1.234" })).toEqual([
      ["discountPrice", "Discount price must be an amount in rupees with at most 2 decimals"],
    ]);
  });

  it("takes stock as a whole number from 0 to 10,00,000", () => {
    expect(productFormSchema.parse({ ...base, stockQuantity: "0" }).stockQuantity).toBe(0);
    for (const bad of ["-1", "2.5", "ten", "1e3"]) {
      expect(messages({ ...base, stockQuantity: bad })).toEqual([
        ["stockQuantity", "Stock must be a whole number of 0 or more"],
      ]);
    }
    expect(messages({ ...base, stockQuantity: "1000001" })).toEqual([
      ["stockQuantity", "Stock must be at most 10,00,000"],
    ]);
    expect(messages({ ...base, stockQuantity: "" })).toEqual([
      ["stockQuantity", "Stock quantity is required"],
    ]);
  });

  it("makes the slug from the name when empty, and refuses one with nothing URL-safe", () => {
    expect(productFormSchema.parse({ ...base, slug: "" }).slug).toBe("tulsi-drops");
    expect(productFormSchema.parse({ ...base, slug: "  Tulsi  Plus " }).slug).toBe("tulsi-plus");
    expect(messages({ ...base, name: "अश्वगंधा" })).toEqual([
      ["slug", "Slug must contain letters or digits (a-z, 0-9)"],
    ]);
    expect(productFormSchema.parse({ ...base, name: "अश्वगंधा", slug: "ashwagandha" }).slug).toBe(
      "ashwagandha",
    );
    expect(messages({ ...base, slug: "a".repeat(161) })).toEqual([
      ["slug", "Slug must be at most 160 characters"],
    ]);
  });

  it("checks category, HSN code, GST rate, certifications and text lengths", () => {
    expect(messages({ ...base, categoryId: "not-a-uuid" })).toEqual([
      ["categoryId", "Choose a category from the list"],
    ]);
    expect(messages({ ...base, hsnCode: "30A4" })).toEqual([
      ["hsnCode", "HSN code must be 4, 6 or 8 digits"],
    ]);
    expect(messages({ ...base, hsnCode: "30041" })).toEqual([
      ["hsnCode", "HSN code must be 4, 6 or 8 digits"],
    ]);
    expect(messages({ ...base, gstRate: "7" })).toEqual([
      ["gstRate", "GST rate must be 0, 5, 12, 18 or 28%"],
    ]);
    expect(productFormSchema.parse({ ...base, gstRate: "0" }).gstRate).toBe(0);
    expect(messages({ ...base, certifications: "x".repeat(101) })).toEqual([
      ["certifications", "Each certification must be at most 100 characters"],
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `Cert ${i}`).join("\n");
    expect(messages({ ...base, certifications: many })).toEqual([
      ["certifications", "List at most 20 certifications"],
    ]);
    expect(messages({ ...base, description: "x".repeat(501) })).toEqual([
      ["description", "Description must be at most 500 characters"],
    ]);
    expect(messages({ ...base, detailedDescription: "x".repeat(5001) })).toEqual([
      ["detailedDescription", "Detailed description must be at most 5000 characters"],
    ]);
    expect(messages({ ...base, ingredients: "x".repeat(2001) })).toEqual([
      ["ingredients", "Ingredients must be at most 2000 characters"],
    ]);
  });

  it("reads the featured checkbox as on or off", () => {
    expect(productFormSchema.parse({ ...base, isFeatured: "on" }).isFeatured).toBe(true);
    expect(productFormSchema.parse({ ...base, isFeatured: undefined }).isFeatured).toBe(false);
  });
});
