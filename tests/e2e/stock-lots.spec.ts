import { expect, test } from "@playwright/test";
import {
  addDays,
  expiryMonth,
  monthEnd,
  sellableFrom,
  shopDate,
} from "../../app/domain/stock-lots";
import { seedProducts } from "../../db/seed/catalog-data";
import { withAdminSession } from "./helpers";
import { trialProduct } from "./trial-product";

const ASHWAGANDHA = seedProducts.find((p) => p.slug === "ashwagandha-tablet")!;
const LASUNA = seedProducts.find((p) => p.slug === "lasuna-capsule")!;

/** The month the demo's batch expiring soon ends in (db/seed/demo-lots.ts). */
function expiringSoonMonth() {
  const date = addDays(sellableFrom(shopDate(), 90), 15);
  return expiryMonth(monthEnd(Number(date.slice(0, 4)), Number(date.slice(5, 7))));
}

test.describe("stock in lots", () => {
  test("the product page shows the best-before month of the batch that ships next", async ({
    page,
  }) => {
    await page.goto(`/product/${ASHWAGANDHA.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ASHWAGANDHA.name);
    await expect(
      page.getByText(`Best before ${expiringSoonMonth()}`, { exact: true }),
    ).toBeVisible();
  });

  test("a product whose only batch is too near its expiry is out of stock, with no best-before line", async ({
    page,
  }) => {
    await page.goto(`/product/${LASUNA.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LASUNA.name);
    await expect(page.getByText("Out of Stock").first()).toBeVisible();
    await expect(page.getByText(/^Best before/)).toHaveCount(0);
  });

  test("without batches, the product form's stock field sets the stock the page shows", async ({
    page,
  }) => {
    const product = await trialProduct("Lotless Balm", { price: "150", stockQuantity: "20" });
    try {
      await product.set({ stockQuantity: "3" });
      await page.goto(`/product/${product.slug}`);
      await expect(page.getByText("Only 3 left in stock")).toBeVisible();
      await expect(page.getByText(/^Best before/)).toHaveCount(0);
    } finally {
      await product.remove();
    }
  });

  test("the settings show the minimum shelf life and the demo shop's licence number", async ({
    page,
  }) => {
    await withAdminSession(page.context());
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Minimum shelf life (days)")).toHaveValue("90");
    await expect(page.getByLabel("Manufacturing licence number")).toHaveValue(
      "AYU/MH/25D/2019/0147",
    );
  });
});
