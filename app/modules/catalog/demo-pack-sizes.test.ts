import { describe, expect, it } from "vitest";
import { seedPackSizes, seedProducts } from "../../../db/seed/catalog-data";

/** "Pack of 60 tablets", "Bottle of 1 litre", "Jar of 1 kg": a text naming one pack. */
const NAMES_A_PACK = /\b(?:pack|bottle|jar|tube|box|strip) of\b/i;

describe("the demo catalog's products sold in several sizes", () => {
  it("name no pack in the texts every size's page shows: each size names its own", () => {
    const sized = seedProducts.filter((product) => seedPackSizes[product.slug]);
    expect(sized.length).toBeGreaterThan(0);
    for (const product of sized) {
      const texts = [
        product.description,
        product.detailedDescription,
        product.benefits,
        product.ingredients,
        product.dosageInstructions,
        product.ayurvedicProperties,
      ];
      for (const text of texts) expect(text, product.slug).not.toMatch(NAMES_A_PACK);
    }
  });
});
