import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { seedPackSizes, seedProducts } from "../../../db/seed/catalog-data";

const DECISION = "docs/decisions/056-pack-sizes.md";

describe(`the demo catalog's sizes as ${DECISION} counts them`, () => {
  it("names as many products with sizes, of as many demo products, as the seed has", () => {
    const record = fs.readFileSync(DECISION, "utf8").replace(/\s+/g, " ");
    const statement = record.match(
      /\*\*Demo catalog\*\*: (\d+) of the (\d+) demo products are sold in two or three sizes/,
    );
    expect(statement, "the record's sentence on the demo catalog").not.toBeNull();
    const sized = Object.keys(seedPackSizes);
    expect(Number(statement?.[1])).toBe(sized.length);
    expect(Number(statement?.[2])).toBe(seedProducts.length);
    for (const slug of sized) {
      expect(
        seedProducts.some((product) => product.slug === slug),
        slug,
      ).toBe(true);
      expect(seedPackSizes[slug]?.more.length, slug).toBeGreaterThanOrEqual(1);
      expect(seedPackSizes[slug]?.more.length, slug).toBeLessThanOrEqual(2);
    }
  });
});
