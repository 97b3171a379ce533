import { type SQL, sql } from "drizzle-orm";
import { images, productImages, products } from "../../../db/schema";

/** picturePath (domain/picture-urls.ts) in SQL: the one place the path is spelled for the database. */
function picturePathOf(imageId: SQL, contentHash: SQL) {
  return sql<string>`'/images/' || ${imageId} || '/' || ${contentHash}`;
}

/** A picture's path, for a select joining product_images to images. */
export const picturePathColumn = picturePathOf(
  sql`${productImages.imageId}`,
  sql`${images.contentHash}`,
);

/**
 * The path of a product's primary picture (else the first of its gallery), or null without
 * pictures, for a select from products: a list of cards costs one query. Drizzle leaves the
 * columns of a one-table select unqualified, so the subquery names its own tables.
 */
export const primaryPicturePath = sql<string | null>`(
    select ${picturePathOf(sql`pi.image_id`, sql`i.content_hash`)}
    from product_images pi join images i on i.id = pi.image_id
    where pi.product_id = ${products}.id
    order by pi.is_primary desc, pi.sort_order asc
    limit 1
  )`;
