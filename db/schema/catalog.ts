import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PRODUCT_STATUSES } from "../../app/domain/product-status";
import { DEFAULT_HSN_CODE } from "../../app/domain/validation/product";
import { profiles } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What a preparation is; its price, stock and weight are per pack size (product_variants,
 * docs/decisions/056). Rating and review_count follow the approved reviews.
 */
export const products = pgTable(
  "products",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    detailedDescription: text("detailed_description").notNull().default(""),
    ingredients: text("ingredients").notNull().default(""),
    benefits: text("benefits").notNull().default(""),
    dosageInstructions: text("dosage_instructions").notNull().default(""),
    ayurvedicProperties: text("ayurvedic_properties").notNull().default(""),
    certifications: text("certifications").array().notNull().default(sql`'{}'::text[]`),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Only published products reach shoppers; draft and archived ones stay in the back office. */
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("published"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Harmonised System of Nomenclature code printed on GST invoices (3004: Ayurvedic medicaments). */
    hsnCode: text("hsn_code").notNull().default(DEFAULT_HSN_CODE),
    /** GST rate in percent; prices are GST-inclusive. */
    gstRate: numeric("gst_rate", { precision: 4, scale: 2, mode: "number" }).notNull().default(5),
    /** The manufacturer (or packer) the page declares; null: the shop, at its address (decision 073). */
    manufacturerName: text("manufacturer_name"),
    manufacturerAddress: text("manufacturer_address"),
    /** Null: India. */
    countryOfOrigin: text("country_of_origin"),
    /** Carries a Schedule E(1) ingredient: "To be taken under medical supervision". */
    medicalSupervision: boolean("medical_supervision").notNull().default(false),
    /**
     * docs/SPEC.md §9 search fields in lower case, kept by the database; a trigram index on it answers
     * case-insensitive substring search without scanning the table.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(name || ' ' || description || ' ' || detailed_description || ' ' || ingredients || ' ' || benefits || ' ' || ayurvedic_properties)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_id_idx").on(t.categoryId),
    index("products_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Same direction and NULLS placement as the ORDER BY of each sort, so a page is read in
    // index order and stops after 24 rows instead of sorting every match.
    index("products_featured_order_idx").on(
      t.isFeatured.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    index("products_rating_order_idx").on(
      t.rating.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.id,
    ),
    index("products_created_at_idx").on(t.createdAt),
    check("products_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("products_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    check("products_status_check", sql`${t.status} in ('published','draft','archived')`),
    check("products_gst_rate_range", sql`${t.gstRate} >= 0 and ${t.gstRate} <= 28`),
    check(
      "products_manufacturer_length",
      sql`char_length(${t.manufacturerName}) <= 150 and char_length(${t.manufacturerAddress}) <= 300`,
    ),
    check("products_country_of_origin_length", sql`char_length(${t.countryOfOrigin}) <= 60`),
  ],
);

/**
 * A product's pack sizes (docs/decisions/056): each with its own SKU, price, discount price and
 * stock, all integer paise (docs/DESIGN.md §5). HSN code and GST rate stay on the product. An
 * archived size is kept for the orders that name it but is no longer sold; a product's only size
 * may have an empty label (it is then shown as the product alone).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: text("label").notNull().default(""),
    /** Unique across the shop whatever its case; kept as typed. */
    sku: text("sku").notNull(),
    price: integer("price").notNull(),
    discountPrice: integer("discount_price"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    weightGrams: integer("weight_grams"),
    /** The owner's net quantity ("60 tablets"); null: read from the label (decision 073). */
    netQuantity: text("net_quantity"),
    sortOrder: integer("sort_order").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_variants_sku_unique").on(sql`lower(${t.sku})`),
    uniqueIndex("product_variants_label_unique")
      .on(t.productId, sql`lower(${t.label})`)
      .where(sql`${t.archivedAt} is null`),
    index("product_variants_product_id_idx").on(t.productId, t.sortOrder, t.id),
    check("product_variants_price_positive", sql`${t.price} > 0`),
    check(
      "product_variants_discount_price_range",
      sql`${t.discountPrice} is null or (${t.discountPrice} > 0 and ${t.discountPrice} < ${t.price})`,
    ),
    check("product_variants_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check(
      "product_variants_weight_positive",
      sql`${t.weightGrams} is null or ${t.weightGrams} > 0`,
    ),
    check("product_variants_label_length", sql`char_length(${t.label}) <= 40`),
    check("product_variants_net_quantity_length", sql`char_length(${t.netQuantity}) <= 40`),
    check(
      "product_variants_sku_format",
      sql`char_length(${t.sku}) between 1 and 160 and ${t.sku} ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*$'`,
    ),
  ],
);

/**
 * Uploaded and generated pictures live in the database, not on one server's disk, so every app
 * process behind a load balancer can serve them (see docs/decisions).
 */
export const images = pgTable("images", {
  id: id(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Hash of the variants' bytes, part of their URLs: changed bytes are served at a new URL. */
  contentHash: text("content_hash").notNull(),
  createdAt: createdAt(),
});

export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format", { enum: ["webp", "avif"] }).notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** Public path of the image; sized variants are served beside it. */
    imageUrl: text("image_url").notNull(),
    alt: text("alt").notNull().default(""),
    isPrimary: boolean("is_primary").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_images_product_id_idx").on(t.productId, t.sortOrder),
    uniqueIndex("product_images_one_primary").on(t.productId).where(sql`${t.isPrimary}`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    title: text("title"),
    comment: text("comment").notNull(),
    isApproved: boolean("is_approved").notNull().default(false),
    isVerifiedPurchase: boolean("is_verified_purchase").notNull().default(false),
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_id_idx").on(t.productId, t.isApproved, t.createdAt),
    uniqueIndex("reviews_one_per_user_and_product").on(t.productId, t.userId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_title_length", sql`${t.title} is null or char_length(${t.title}) <= 100`),
    check("reviews_comment_length", sql`char_length(${t.comment}) between 1 and 1000`),
  ],
);
