import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { seedProducts } from "../../../db/seed/catalog-data";
import { productArtSvg } from "../../../db/seed/product-art";
import { PICTURE_FORMATS, type PictureFormat } from "../../domain/picture-urls";
import { logger } from "../../lib/logger.server";
import {
  ENCODING,
  hashVariants,
  type PreparedImage,
  type PreparedVariant,
  prepareImage,
} from "../media/images.server";
import { loadSharp } from "../media/sharp.server";

/**
 * The demo catalog's pictures, rendered once by `npm run seed:pictures` and shipped in the
 * repository: rendering and encoding them took most of a new shop's start. Each entry records
 * what it was rendered from (the product's art and the encoders' settings); a picture whose
 * source has changed since is rendered at start instead, until the files are rendered again.
 */
export const DEMO_PICTURES_DIR = path.resolve(process.cwd(), "db/seed/pictures");
const MANIFEST = "manifest.json";

type SeedProduct = (typeof seedProducts)[number];
const VIEWS = ["packaging", "label close-up"] as const;
type View = (typeof VIEWS)[number];

const manifestSchema = z.record(
  z.string(),
  z.object({
    source: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variants: z.array(
      z.object({ width: z.number().int().positive(), format: z.enum(PICTURE_FORMATS) }),
    ),
  }),
);
export type DemoPictureManifest = z.infer<typeof manifestSchema>;

/** The two pictures of a product: its packaging art, then a closer view of its label. */
export function demoPictureKeys(product: SeedProduct) {
  return VIEWS.map((view, index) => ({ key: `${product.slug}-${index}`, view }));
}

/** Identifies what a picture is rendered from; cheap (no rendering). */
export function demoPictureSource(product: SeedProduct, view: View) {
  return createHash("sha256")
    .update(`${view}\n${ENCODING}\n${productArtSvg(product, 1024)}`)
    .digest("hex")
    .slice(0, 16);
}

export function variantFile(key: string, width: number, format: PictureFormat) {
  return `${key}-${width}.${format}`;
}

/** Renders one view of a product's packaging art as PNG (seconds for a catalog: librsvg). */
export async function renderDemoPicture(product: SeedProduct, view: View) {
  const sharp = await loadSharp();
  const full = await sharp(Buffer.from(productArtSvg(product, 1024)))
    .png()
    .toBuffer();
  if (view === "packaging") return full;
  return sharp(full)
    .extract({ left: 192, top: 192, width: 640, height: 640 })
    .resize(1024, 1024)
    .png()
    .toBuffer();
}

export async function readDemoManifest(dir = DEMO_PICTURES_DIR): Promise<DemoPictureManifest> {
  try {
    return manifestSchema.parse(JSON.parse(await fs.readFile(path.join(dir, MANIFEST), "utf8")));
  } catch (error) {
    logger.warn({ err: error }, "no usable demo picture manifest; demo pictures are rendered");
    return {};
  }
}

export async function writeDemoManifest(manifest: DemoPictureManifest, dir = DEMO_PICTURES_DIR) {
  const sorted = Object.fromEntries(
    Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)),
  );
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(sorted, null, 2)}\n`);
}

async function readShipped(
  key: string,
  entry: DemoPictureManifest[string],
  dir: string,
): Promise<PreparedImage> {
  const variants: PreparedVariant[] = await Promise.all(
    entry.variants.map(async ({ width, format }) => ({
      width,
      format,
      data: await fs.readFile(path.join(dir, variantFile(key, width, format))),
    })),
  );
  return {
    width: entry.width,
    height: entry.height,
    contentHash: hashVariants(variants),
    variants,
  };
}

/** A product's demo pictures, ready to store: the shipped files, or rendered when out of date. */
export async function demoPictures(
  product: SeedProduct,
  manifest: DemoPictureManifest,
  dir = DEMO_PICTURES_DIR,
): Promise<PreparedImage[]> {
  return Promise.all(
    demoPictureKeys(product).map(async ({ key, view }) => {
      const entry = manifest[key];
      if (entry && entry.source === demoPictureSource(product, view)) {
        try {
          return await readShipped(key, entry, dir);
        } catch (error) {
          logger.warn({ err: error, picture: key }, "a shipped demo picture could not be read");
        }
      } else {
        logger.warn({ picture: key }, "demo picture out of date: run npm run seed:pictures");
      }
      return prepareImage(await renderDemoPicture(product, view));
    }),
  );
}
