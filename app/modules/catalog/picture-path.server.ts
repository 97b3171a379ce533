import { sql } from "drizzle-orm";
import { productImages, products } from "../../../db/schema";
import { picturePathOf } from "../media/picture-path.server";

/** A picture's path, for a select from product_images. */
export const picturePathColumn = picturePathOf(productImages.imageId);

/**
 * The path of a product's primary picture (else the first of its gallery), or null without
 * pictures, for a select from products: a list of cards costs one query. Drizzle leaves the
 * columns of a one-table select unqualified, so the subquery names its own tables.
 */
export const primaryPicturePath = sql<string | null>`(
    select ${picturePathOf(sql`pi.image_id`)}
    from product_images pi
    where pi.product_id = ${products}.id
    order by pi.is_primary desc, pi.sort_order asc
    limit 1
  )`;
