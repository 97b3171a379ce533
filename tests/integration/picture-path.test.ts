import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picturePath } from "~/domain/picture-urls";
import type { DatabaseHandle } from "~/lib/db.server";
import { picturePathColumn, primaryPicturePath } from "~/modules/catalog/picture-path.server";
import { images, productImages, products } from "../../db/schema";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

/** The pictures' paths the database builds are the ones the domain builds (picture-urls.ts). */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(() => handle.close());

let hashes = 0;

/** A stored picture in `productId`'s gallery. */
async function addPicture(productId: string, place: { isPrimary?: boolean; sortOrder: number }) {
  hashes += 1;
  const contentHash = hashes.toString(16).padStart(16, "0");
  const [image] = await handle.db
    .insert(images)
    .values({ width: 640, height: 480, contentHash })
    .returning();
  await handle.db.insert(productImages).values({
    productId,
    imageId: image!.id,
    imageUrl: `/images/${image!.id}`,
    isPrimary: place.isPrimary ?? false,
    sortOrder: place.sortOrder,
  });
  return picturePath(image!.id, contentHash);
}

async function cardPathOf(productId: string) {
  const [row] = await handle.db
    .select({ path: primaryPicturePath })
    .from(products)
    .where(eq(products.id, productId));
  return row?.path;
}

describe(`picture paths in SQL on ${DATABASE_KIND}`, () => {
  it("a product's card shows its primary picture, wherever it sits in the gallery", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Ashwagandha Churna" }]);
    await addPicture(product!.id, { sortOrder: 0 });
    const primary = await addPicture(product!.id, { sortOrder: 1, isPrimary: true });
    expect(await cardPathOf(product!.id)).toBe(primary);
  });

  it("without a primary picture the card shows the first of the gallery, and none without pictures", async () => {
    const [product, bare] = await insertProducts(handle.db, [
      { name: "Triphala Tablets" },
      { name: "Brahmi Oil" },
    ]);
    await addPicture(product!.id, { sortOrder: 2 });
    const first = await addPicture(product!.id, { sortOrder: 1 });
    expect(await cardPathOf(product!.id)).toBe(first);
    expect(await cardPathOf(bare!.id)).toBeNull();
  });

  it("a gallery read through the join spells every path as the domain does", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Giloy Juice" }]);
    const paths = [
      await addPicture(product!.id, { sortOrder: 0 }),
      await addPicture(product!.id, { sortOrder: 1 }),
    ];
    const rows = await handle.db
      .select({ path: picturePathColumn })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, product!.id))
      .orderBy(productImages.sortOrder);
    expect(rows.map((row) => row.path)).toEqual(paths);
  });
});
