import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { images } from "../../../db/schema";

/**
 * picturePath (domain/picture-urls.ts) in SQL, the one place the path is spelled for the database:
 * a subquery on the image id given, for a read of another area (the catalog's galleries and cards)
 * that shows its pictures in its one statement.
 */
export function picturePathOf(imageId: SQL | AnyColumn) {
  return sql<string>`(select '/images/' || ${images.id} || '/' || ${images.contentHash}
    from ${images} where ${images.id} = ${imageId})`;
}
