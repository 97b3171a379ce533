import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PictureFormat, pictureUrl } from "~/domain/picture-urls";
import { type DatabaseHandle, queryRows } from "~/lib/db.server";
import { addMissingAvifVariants } from "~/modules/media/avif-backfill.server";
import {
  findImageVariant,
  InvalidImageError,
  MAX_UPLOAD_BYTES,
  storeImage,
} from "~/modules/media/images.server";
import { loader as serveVariant } from "~/routes/resources/image";
import { loader as serveUnhashed } from "~/routes/resources/image-unhashed";
import { images, imageVariants } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(() => handle.close());

function png(width: number, height: number, background = { r: 200, g: 120, b: 40 }) {
  return sharp({
    create: { width, height, channels: 3, background },
  })
    .png()
    .toBuffer();
}

async function storedVariants(imageId: string) {
  return handle.db
    .select()
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId))
    .orderBy(asc(imageVariants.format), asc(imageVariants.width));
}

/** Calls the picture route as React Router would for `/images/{id}/{hash}/{file}`. */
async function fetchVariant(path: string) {
  const [, , imageId, hash, file] = path.split("/");
  try {
    return (await serveVariant({
      params: { imageId, hash, file },
      context: routeContext(),
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function rowCounts() {
  return {
    images: await handle.db.$count(images),
    variants: await handle.db.$count(imageVariants),
  };
}

describe(`images on ${DATABASE_KIND}`, () => {
  it("stores an 800x600 PNG with its original size, as AVIF and WebP variants never wider than the original", async () => {
    const stored = await storeImage(handle.db, await png(800, 600));
    expect(stored).toMatchObject({ width: 800, height: 600 });
    const [row] = await handle.db.select().from(images).where(eq(images.id, stored.id));
    expect(row).toMatchObject({ width: 800, height: 600 });
    expect(stored.path).toBe(`/images/${stored.id}/${row!.contentHash}`);
    expect(row!.contentHash).toMatch(/^[0-9a-f]{16}$/);

    const variants = await storedVariants(stored.id);
    // The served widths 320 and 640, and the original's own 800 in place of an upscaled 1024.
    expect(variants.map((v) => `${v.format} ${v.width}`)).toEqual([
      "avif 320",
      "avif 640",
      "avif 800",
      "webp 320",
      "webp 640",
      "webp 800",
    ]);
    for (const variant of variants) {
      expect(variant.contentType).toBe(`image/${variant.format}`);
      const metadata = await sharp(variant.data).metadata();
      // libvips names the AVIF container by its codec.
      expect(metadata.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(metadata.compression ?? "av1").toBe("av1");
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(Math.round((variant.width * 600) / 800));
    }
  });

  it("names a picture by a hash of its bytes: other bytes get another URL, the same bytes the same hash", async () => {
    const orange = await storeImage(handle.db, await png(400, 400));
    const orangeAgain = await storeImage(handle.db, await png(400, 400));
    const green = await storeImage(handle.db, await png(400, 400, { r: 30, g: 160, b: 60 }));
    const hashOf = (path: string) => path.split("/").at(-1);
    expect(hashOf(orangeAgain.path)).toBe(hashOf(orange.path));
    expect(orangeAgain.path).not.toBe(orange.path);
    expect(hashOf(green.path)).not.toBe(hashOf(orange.path));
  });

  it("computes the content hash as migration 0010 does for pictures stored before it", async () => {
    const stored = await storeImage(handle.db, await png(700, 500));
    const [row] = await queryRows<{ hash: string }>(
      handle.db,
      sql`select substr(encode(sha256(string_agg(v.data, ''::bytea order by v.format, v.width)), 'hex'), 1, 16) as hash
          from image_variants v where v.image_id = ${stored.id}`,
    );
    expect(stored.path.endsWith(`/${row!.hash}`)).toBe(true);
  });

  it("stores a picture narrower than every served width once, at its own width", async () => {
    const stored = await storeImage(handle.db, await png(200, 100));
    const variants = await storedVariants(stored.id);
    expect(variants.map((v) => `${v.format} ${v.width}`)).toEqual(["avif 200", "webp 200"]);
    for (const variant of variants) expect((await sharp(variant.data).metadata()).width).toBe(200);
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
    const widthFor = async (wanted: number, format: PictureFormat = "webp") =>
      (await findImageVariant(handle.db, photoId, wanted, format))?.width;
    expect(await widthFor(1)).toBe(320);
    expect(await widthFor(320)).toBe(320);
    expect(await widthFor(321)).toBe(640);
    expect(await widthFor(640)).toBe(640);
    expect(await widthFor(700)).toBe(800);
    expect(await widthFor(1024)).toBe(800);
    expect(await widthFor(5000)).toBe(800);
    expect(await widthFor(700, "avif")).toBe(800);
    const variant = await findImageVariant(handle.db, photoId, 640, "webp");
    expect(variant?.contentType).toBe("image/webp");
    expect((await sharp(variant!.data).metadata()).width).toBe(640);
    const avif = await findImageVariant(handle.db, photoId, 640, "avif");
    expect(avif?.contentType).toBe("image/avif");
  });

  it("finds nothing for an unknown image", async () => {
    expect(
      await findImageVariant(handle.db, "00000000-0000-4000-8000-000000000000", 320, "webp"),
    ).toBeUndefined();
  });

  it("serves each variant at its hashed URL with its type and a one-year immutable cache", async () => {
    const stored = await storeImage(handle.db, await png(800, 600));
    for (const format of ["avif", "webp"] as const) {
      const response = await fetchVariant(pictureUrl(stored.path, 640, format));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(`image/${format}`);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect((await sharp(body).metadata()).width).toBe(640);
    }
    // Asked wider than the picture: its widest variant.
    const widest = await fetchVariant(pictureUrl(stored.path, 1024, "webp"));
    expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(800);
  });

  it("sends an outdated hash, uncached, to the picture's current URL, and knows no other picture", async () => {
    const stored = await storeImage(handle.db, await png(300, 300));
    const stale = stored.path.replace(/[0-9a-f]{16}$/, "0000000000000000");
    const moved = await fetchVariant(pictureUrl(stale, 320, "avif"));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(pictureUrl(stored.path, 320, "avif"));
    expect(moved.headers.get("Cache-Control")).toBe("no-cache");

    const unknown = "/images/00000000-0000-4000-8000-000000000000/0000000000000000";
    expect((await fetchVariant(pictureUrl(unknown, 320, "webp"))).status).toBe(404);
    for (const file of ["320.png", "320.webp.avif", "abc.webp"]) {
      expect((await fetchVariant(`${stored.path}/${file}`)).status, file).toBe(404);
    }
  });

  it("sends a picture URL from before content hashes to the current WebP URL", async () => {
    const stored = await storeImage(handle.db, await png(800, 600));
    const response = (await serveUnhashed({
      params: { imageId: stored.id, file: "640.webp" },
      context: routeContext(),
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pictureUrl(stored.path, 640, "webp"));
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("gives a picture stored before AVIF its AVIF variants and a new hash, serving the WebP uncached meanwhile", async () => {
    const stored = await storeImage(handle.db, await png(800, 600));
    await handle.db
      .delete(imageVariants)
      .where(and(eq(imageVariants.imageId, stored.id), eq(imageVariants.format, "avif")));
    await handle.db
      .update(images)
      .set({ contentHash: "0123456789abcdef" })
      .where(eq(images.id, stored.id));
    const oldPath = `/images/${stored.id}/0123456789abcdef`;

    const meanwhile = await fetchVariant(pictureUrl(oldPath, 640, "avif"));
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.headers.get("Content-Type")).toBe("image/webp");
    expect(meanwhile.headers.get("Cache-Control")).toBe("no-cache");

    expect(await addMissingAvifVariants(handle.db)).toBeGreaterThanOrEqual(1);
    const variants = await storedVariants(stored.id);
    expect(variants.map((v) => `${v.format} ${v.width}`)).toEqual([
      "avif 320",
      "avif 640",
      "avif 800",
      "webp 320",
      "webp 640",
      "webp 800",
    ]);
    for (const variant of variants.filter((v) => v.format === "avif")) {
      expect((await sharp(variant.data).metadata()).width).toBe(variant.width);
    }
    const [row] = await handle.db.select().from(images).where(eq(images.id, stored.id));
    expect(row!.contentHash).not.toBe("0123456789abcdef");
    const moved = await fetchVariant(pictureUrl(oldPath, 640, "avif"));
    expect(moved.headers.get("Location")).toBe(
      pictureUrl(`/images/${stored.id}/${row!.contentHash}`, 640, "avif"),
    );
    // Nothing left to do: a second run touches no picture.
    expect(await addMissingAvifVariants(handle.db)).toBe(0);
  });
});
