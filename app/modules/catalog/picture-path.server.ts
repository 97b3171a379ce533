import { sql } from "drizzle-orm";
import { images, productImages } from "../../../db/schema";

/** picturePath (domain/picture-urls.ts) in SQL, for a select joining product_images to images. */
export const picturePathColumn = sql<string>`'/images/' || ${productImages.imageId} || '/' || ${images.contentHash}`;
