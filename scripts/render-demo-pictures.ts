/**
 * npm run seed:pictures
 * Renders the demo catalog's pictures into db/seed/pictures (what a new shop seeds from), keeping
 * the ones whose source has not changed. Run it after changing the product art, the demo products
 * or the image encoders; the unit tests fail until it has been.
 */
import fs from "node:fs/promises";
import path from "node:path";
import {
  DEMO_PICTURES_DIR,
  type DemoPictureManifest,
  demoPictureKeys,
  demoPictureSource,
  readDemoManifest,
  renderDemoPicture,
  variantFile,
  writeDemoManifest,
} from "../app/modules/catalog/demo-pictures.server";
import { prepareImage } from "../app/modules/media/images.server";
import { seedProducts } from "../db/seed/catalog-data";

async function main() {
  await fs.mkdir(DEMO_PICTURES_DIR, { recursive: true });
  const previous = await readDemoManifest();
  const manifest: DemoPictureManifest = {};
  let rendered = 0;
  for (const product of seedProducts) {
    for (const { key, view } of demoPictureKeys(product)) {
      const source = demoPictureSource(product, view);
      const kept = previous[key];
      if (kept?.source === source) {
        manifest[key] = kept;
        continue;
      }
      const prepared = await prepareImage(await renderDemoPicture(product, view));
      for (const variant of prepared.variants) {
        const file = path.join(DEMO_PICTURES_DIR, variantFile(key, variant.width, variant.format));
        await fs.writeFile(file, variant.data);
      }
      manifest[key] = {
        source,
        width: prepared.width,
        height: prepared.height,
        variants: prepared.variants.map(({ width, format }) => ({ width, format })),
      };
      rendered += 1;
    }
  }
  const wanted = new Set(
    Object.entries(manifest).flatMap(([key, entry]) =>
      entry.variants.map((v) => variantFile(key, v.width, v.format)),
    ),
  );
  let removed = 0;
  for (const file of await fs.readdir(DEMO_PICTURES_DIR)) {
    if (file !== "manifest.json" && !wanted.has(file)) {
      await fs.rm(path.join(DEMO_PICTURES_DIR, file));
      removed += 1;
    }
  }
  await writeDemoManifest(manifest);
  console.log(
    `${Object.keys(manifest).length} demo pictures: ${rendered} rendered, ${removed} old files removed.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
