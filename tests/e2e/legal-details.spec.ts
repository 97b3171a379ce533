import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  MEDICAL_SUPERVISION_CAUTION,
  parseNetQuantity,
  unitSalePrice,
} from "../../app/domain/legal-metrology";
import { formatRupees } from "../../app/domain/money";
import { skuFromSlug } from "../../app/domain/pack-sizes";
import { slugify } from "../../app/domain/slug";
import { seedNetQuantities, seedPackSizes, seedProducts } from "../../db/seed/catalog-data";
import { seriousViolations } from "./accessibility-audit";
import { waitForHydration, withAdminSession } from "./helpers";
import { trialProduct } from "./trial-product";

/**
 * docs/decisions/073: each pack a product page shows declares what the Legal Metrology
 * (Packaged Commodities) Rules and the Consumer Protection (E-Commerce) Rules ask, for the size
 * shown, before any script runs and on a phone.
 */

const PHONE = { width: 390, height: 844 };

type Offer = {
  price: string;
  priceSpecification: {
    "@type": string;
    price: string;
    priceType?: string;
    valueAddedTaxIncluded?: boolean;
    referenceQuantity?: { value: number; unitCode: string };
  }[];
  seller: { "@type": string; name: string; taxID?: string };
  hasMerchantReturnPolicy: { merchantReturnDays: number };
};
type ProductData = {
  "@type": string;
  sku?: string;
  countryOfOrigin: { name: string };
  manufacturer: { name: string; address: string };
  offers: Offer;
};
type StructuredData = ProductData & { hasVariant?: ProductData[] };

async function structuredData(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? "") as StructuredData;
}

/** The value a row of the legal section shows, by its term. */
function row(section: Locator, term: string) {
  return section
    .locator("div")
    .filter({
      has: section
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole("definition");
}

/** Every demo size, as the demo catalog makes it: its SKU, label, price and net quantity. */
function demoSizes(product: (typeof seedProducts)[number]) {
  const sized = seedPackSizes[product.slug];
  return [
    {
      sku: skuFromSlug(product.slug),
      label: sized?.first ?? "",
      price: product.price,
      discountPrice: product.discountPrice,
      netQuantity: sized?.first ?? seedNetQuantities[product.slug]!,
    },
    ...(sized?.more ?? []).map((size) => ({
      sku: skuFromSlug(`${product.slug}-${slugify(size.label)}`),
      label: size.label,
      price: size.price,
      discountPrice: size.discountPrice,
      netQuantity: size.label,
    })),
  ];
}

test.describe("the law's details on every demo product's page, without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  for (const product of seedProducts) {
    test(product.name, async ({ page }) => {
      for (const size of demoSizes(product)) {
        const where = `${product.slug} ${size.label || "(only size)"}`;
        await page.goto(`/product/${product.slug}?size=${encodeURIComponent(size.sku)}`);
        const section = page.getByRole("region", { name: "Legal information" });
        await expect(section, where).toBeVisible();
        const quantity = parseNetQuantity(size.netQuantity);
        expect(quantity, where).not.toBeNull();
        const unit = unitSalePrice(size.discountPrice ?? size.price, quantity!);
        await expect(row(section, "MRP"), where).toHaveText(
          `${formatRupees(size.price)} (incl. of all taxes)`,
        );
        await expect(row(section, "Net quantity"), where).toHaveText(quantity!.text);
        await expect(row(section, "Unit sale price"), where).toHaveText(unit.text);
        // The lot that ships next dates the pack; a size out of stock ships none.
        const inStock = (await page.getByRole("button", { name: "Add to Cart" }).count()) > 0;
        if (inStock) {
          await expect(row(section, "Best before"), where).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
        } else {
          await expect(row(section, "Best before"), where).toHaveCount(0);
        }
        await expect(row(section, "Manufactured by"), where).toContainText("Satara Ayurveda");
        await expect(row(section, "Manufactured by"), where).toContainText("Satara");
        await expect(row(section, "Country of origin"), where).toHaveText("India");
        await expect(row(section, "Sold by"), where).toContainText(/GSTIN 27[0-9A-Z]{13}/);
        await expect(row(section, "Grievance officer"), where).toContainText("@");
        await expect(
          row(section, "Returns").getByRole("link", { name: "Return & Refund Policy" }),
          where,
        ).toHaveAttribute("href", "/returns");
        await expect(section.getByText(MEDICAL_SUPERVISION_CAUTION), where).toHaveCount(
          product.medicalSupervision ? 1 : 0,
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${where} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);

        const data = await structuredData(page);
        const shown = data.hasVariant
          ? data.hasVariant.find((variant) => variant.sku === size.sku)!
          : data;
        expect(shown, where).toBeTruthy();
        const about = data.hasVariant ? data : shown;
        expect(about.countryOfOrigin, where).toEqual({ "@type": "Country", name: "India" });
        expect(about.manufacturer, where).toMatchObject({
          "@type": "Organization",
          name: "Satara Ayurveda",
        });
        expect(shown.offers.priceSpecification, where).toEqual([
          {
            "@type": "UnitPriceSpecification",
            priceType: "https://schema.org/ListPrice",
            price: (size.price / 100).toFixed(2),
            priceCurrency: "INR",
            valueAddedTaxIncluded: true,
          },
          {
            "@type": "UnitPriceSpecification",
            price: (unit.paise / 100).toFixed(2),
            priceCurrency: "INR",
            valueAddedTaxIncluded: true,
            referenceQuantity: expect.objectContaining({
              "@type": "QuantitativeValue",
              value: quantity!.measure === "count" ? 1 : 100,
              unitCode: { mass: "GRM", volume: "MLT", count: "C62" }[quantity!.measure],
            }),
          },
        ]);
        expect(shown.offers.seller, where).toMatchObject({
          "@type": "Organization",
          name: "Satara Ayurveda",
          taxID: expect.stringMatching(/^27[0-9A-Z]{13}$/),
        });
        expect(shown.offers.hasMerchantReturnPolicy.merchantReturnDays, where).toBe(7);
      }
    });
  }
});

test("the legal section reads well to assistive technology", async ({ page }) => {
  await page.goto("/product/arshalit-tablet");
  const section = page.getByRole("region", { name: "Legal information" });
  await expect(section.getByRole("note")).toHaveText(`Caution: ${MEDICAL_SUPERVISION_CAUTION}`);
  expect(await seriousViolations(page, { include: "section[aria-labelledby]" })).toEqual([]);
});

test.describe("the owner", () => {
  function productRow(page: Page, name: string) {
    return page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name }) });
  }

  test("sees which legal details of a product cannot be derived, in the list and the form, and fills them in", async ({
    page,
  }) => {
    // No size label to read a net quantity from, and stock from the form: a batch without a date.
    const product = await trialProduct("Legal Balm", { price: "150", stockQuantity: "4" });
    try {
      await withAdminSession(page.context());
      await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
      await expect(productRow(page, product.name)).toContainText(
        "Legal details missing: net quantity, best before",
      );
      await waitForHydration(page);
      await page.getByRole("link", { name: `Edit ${product.name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Product" });
      await expect(
        dialog.getByText("Legal details missing: net quantity, best before"),
      ).toBeVisible();
      await expect(dialog.getByLabel("Country of origin")).toHaveAttribute("placeholder", "India");
      await expect(dialog.getByLabel("Manufacturer or packer")).toHaveAttribute(
        "placeholder",
        "Satara Ayurveda",
      );
      await dialog.getByLabel("Net quantity", { exact: true }).fill("a jar");
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(
        dialog.getByText(
          "Net quantity must be a number and a unit, e.g. 60 tablets, 200 g or 500 ml",
        ),
      ).toBeVisible();
      await dialog.getByLabel("Net quantity", { exact: true }).fill("50 g");
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(page.getByText("Product updated successfully")).toBeVisible();
      await expect(productRow(page, product.name)).toContainText(
        "Legal details missing: best before",
      );

      await page.goto(`/product/${product.slug}`);
      const section = page.getByRole("region", { name: "Legal information" });
      await expect(row(section, "Net quantity")).toHaveText("50 g");
      await expect(row(section, "Unit sale price")).toHaveText("₹300.00 per 100 g");
      await expect(row(section, "Best before")).toHaveCount(0);
    } finally {
      await product.remove();
    }
  });

  test("marks a product with a Schedule E(1) ingredient, and its page shows the caution", async ({
    page,
  }) => {
    const product = await trialProduct("Caution Vati", { price: "200", stockQuantity: "3" });
    try {
      await page.goto(`/product/${product.slug}`);
      await expect(page.getByText(MEDICAL_SUPERVISION_CAUTION)).toHaveCount(0);
      await withAdminSession(page.context());
      await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}&edit=${product.id}`);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Edit Product" });
      await dialog
        .getByLabel("Contains a Schedule E(1) ingredient: to be taken under medical supervision")
        .check();
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(page.getByText("Product updated successfully")).toBeVisible();
      await page.goto(`/product/${product.slug}`);
      await expect(
        page.getByRole("region", { name: "Legal information" }).getByRole("note"),
      ).toHaveText(`Caution: ${MEDICAL_SUPERVISION_CAUTION}`);
    } finally {
      await product.remove();
    }
  });
});
