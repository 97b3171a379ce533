import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedProducts } from "../../../db/seed/catalog-data";
import { PICTURE_FORMATS, PICTURE_WIDTHS } from "../../domain/picture-urls";
import {
  DEMO_PICTURES_DIR,
  demoPictureKeys,
  demoPictureSource,
  demoPictures,
  readDemoManifest,
  variantFile,
} from "./demo-pictures.server";

describe("shipped demo pictures", () => {
  it("are rendered from the current art and encoders (else: npm run seed:pictures)", async () => {
    const manifest = await readDemoManifest();
    for (const product of seedProducts) {
      for (const { key, view } of demoPictureKeys(product)) {
        const entry = manifest[key];
        expect(entry?.source, `${key} is out of date`).toBe(demoPictureSource(product, view));
        expect(entry?.variants).toHaveLength(PICTURE_WIDTHS.length * PICTURE_FORMATS.length);
        for (const { width, format } of entry!.variants) {
          const file = path.join(DEMO_PICTURES_DIR, variantFile(key, width, format));
          expect(fs.statSync(file).size, file).toBeGreaterThan(0);
        }
      }
    }
    expect(Object.keys(manifest)).toHaveLength(seedProducts.length * 2);
  });

  it("are read without rendering, with a hash of their bytes", async () => {
    const [product] = seedProducts;
    const manifest = await readDemoManifest();
    const pictures = await demoPictures(product!, manifest);
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      expect(picture.contentHash).toMatch(/^[0-9a-f]{16}$/);
      expect(picture.variants.map((v) => `${v.format} ${v.width}`).sort()).toEqual([
        "avif 1024",
        "avif 320",
        "avif 640",
        "webp 1024",
        "webp 320",
        "webp 640",
      ]);
    }
    expect(pictures[0]!.contentHash).not.toBe(pictures[1]!.contentHash);
  });

  it("renders a picture whose source changed since it was shipped", async () => {
    const [product] = seedProducts;
    const manifest = await readDemoManifest();
    const [key] = demoPictureKeys(product!);
    const stale = { ...manifest, [key!.key]: { ...manifest[key!.key]!, source: "outdated" } };
    const [rendered, shipped] = await Promise.all([
      demoPictures(product!, stale),
      demoPictures(product!, manifest),
    ]);
    expect(rendered[0]!.variants.map((v) => v.width).sort()).toEqual(
      shipped[0]!.variants.map((v) => v.width).sort(),
    );
    // The second picture is still the shipped one.
    expect(rendered[1]!.contentHash).toBe(shipped[1]!.contentHash);
  }, 60_000);
});
