import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  findImageVariant,
  InvalidImageError,
  MAX_UPLOAD_BYTES,
  storeImage,
} from "~/modules/media/images.server";
import { images, imageVariants } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(() => handle.close());

function png(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
}

async function storedVariants(imageId: string) {
  return handle.db
    .select()
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId))
    .orderBy(asc(imageVariants.width));
}

async function rowCounts() {
  return {
    images: await handle.db.$count(images),
    variants: await handle.db.$count(imageVariants),
  };
}

describe(`images on ${DATABASE_KIND}`, () => {
  it("stores an 800x600 PNG with its original size, as WebP variants never wider than the original", async () => {
    const stored = await storeImage(handle.db, await png(800, 600));
    expect(stored).toMatchObject({ width: 800, height: 600 });
    const [row] = await handle.db.select().from(images).where(eq(images.id, stored.id));
    expect(row).toMatchObject({ width: 800, height: 600 });

    const variants = await storedVariants(stored.id);
    // The served widths 320 and 640, and the original's own 800 in place of an upscaled 1024.
    expect(variants.map((v) => v.width)).toEqual([320, 640, 800]);
    for (const variant of variants) {
      expect(variant).toMatchObject({ format: "webp", contentType: "image/webp" });
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(Math.round((variant.width * 600) / 800));
    }
  });

  it("stores a picture narrower than every served width once, at its own width", async () => {
    const stored = await storeImage(handle.db, await png(200, 100));
    const variants = await storedVariants(stored.id);
    expect(variants.map((v) => v.width)).toEqual([200]);
    expect((await sharp(variants[0]!.data).metadata()).width).toBe(200);
  });

  it("stores a phone photo turned by its EXIF orientation at its displayed size, each variant labelled with its real width", async () => {
    // Stored 800x600 with orientation 6 (rotate 90°): the picture people see is 600x800.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await storeImage(handle.db, photo);
    expect(stored).toMatchObject({ width: 600, height: 800 });
    for (const variant of await storedVariants(stored.id)) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.width, `variant labelled ${variant.width}`).toBe(variant.width);
    }
  });

  it.each([
    ["text bytes named like an image", () => Buffer.from("GIF89a this is not a picture at all")],
    ["plain text", () => Buffer.from("hello, world\n".repeat(100))],
    ["an empty buffer", () => Buffer.alloc(0)],
    ["a buffer over 8 MB", () => Buffer.alloc(MAX_UPLOAD_BYTES + 1)],
  ])("refuses %s with InvalidImageError and writes nothing", async (_name, bytes) => {
    const before = await rowCounts();
    await expect(storeImage(handle.db, bytes())).rejects.toThrow(InvalidImageError);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a real PNG over 8 MB and writes nothing", async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const before = await rowCounts();
    await expect(storeImage(handle.db, big)).rejects.toThrow(InvalidImageError);
    expect(await rowCounts()).toEqual(before);
  });

  it("finds the smallest variant at least as wide as asked, else the largest", async () => {
    const { id: photoId } = await storeImage(handle.db, await png(800, 600));
    const widthFor = async (wanted: number) =>
      (await findImageVariant(handle.db, photoId, wanted))?.width;
    expect(await widthFor(1)).toBe(320);
    expect(await widthFor(320)).toBe(320);
    expect(await widthFor(321)).toBe(640);
    expect(await widthFor(640)).toBe(640);
    expect(await widthFor(700)).toBe(800);
    expect(await widthFor(1024)).toBe(800);
    expect(await widthFor(5000)).toBe(800);
    const variant = await findImageVariant(handle.db, photoId, 640);
    expect(variant?.contentType).toBe("image/webp");
    expect((await sharp(variant!.data).metadata()).width).toBe(640);
  });

  it("finds nothing for an unknown image", async () => {
    expect(
      await findImageVariant(handle.db, "00000000-0000-4000-8000-000000000000", 320),
    ).toBeUndefined();
  });
});
