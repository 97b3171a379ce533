import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { likePattern } from "~/domain/catalog-query";
import { type DatabaseHandle, queryRows } from "~/lib/db.server";
import { listAdminProducts } from "~/modules/catalog/products-admin.server";
import { MAX_COUNTED_RESULTS, searchProducts } from "~/modules/catalog/search.server";
import { insertBulkProducts } from "../../db/seed/bulk-catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await insertBulkProducts(handle.db, 100_000);
}, 240_000);
afterAll(() => handle.close());

async function plan(query: ReturnType<typeof sql>) {
  const rows = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${query}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

/**
 * "batch N" for a four-digit N is in 11 of the bulk products (batch N and N0 to N9). ANALYZE
 * samples rows at random, and a rare term that one of its sampled values happens to hold is
 * planned as a common one, now and then, for a fixed term: the term is one that none of
 * the statistics' values holds, as a rare term's usually is.
 */
async function rareTermTheStatisticsMissed() {
  const [stats] = await queryRows<{ sampled: string | null }>(
    handle.db,
    sql`select concat(histogram_bounds::text, most_common_vals::text) as sampled from pg_stats
        where tablename = 'products' and attname = 'search_text'`,
  );
  const sampled = (stats?.sampled ?? "").toLowerCase();
  for (let n = 4242; n < 4342; n++) {
    if (!sampled.includes(`batch ${n}`)) return `batch ${n}`;
  }
  throw new Error("every term tried is among the planner's sampled values");
}

describe(`search over 100,000 products on ${DATABASE_KIND}`, () => {
  it("finds a rare term through the trigram index, not a table scan", async () => {
    const text = await plan(
      sql`select id from products where search_text like ${likePattern(await rareTermTheStatisticsMissed())} and status = 'published' order by is_featured desc, created_at desc, id limit 24`,
    );
    expect(text).toContain("products_search_text_trgm_idx");
    expect(text).not.toMatch(/Seq Scan on products/);
  });

  it("counts a rare term through the trigram index", async () => {
    const text = await plan(
      sql`select count(*) from (select 1 from products where status = 'published' and search_text like ${likePattern("shilajit 1234")} limit ${MAX_COUNTED_RESULTS + 1}) capped`,
    );
    expect(text).toContain("products_search_text_trgm_idx");
  });

  it("reads a page of a common term in sort order instead of sorting every match", async () => {
    const text = await plan(
      sql`select id from products where search_text like ${likePattern("ashwagandha")} and status = 'published' order by is_featured desc, created_at desc, id limit 24`,
    );
    expect(text).toMatch(
      /Index Scan using products_featured_order_idx|products_search_text_trgm_idx/,
    );
    expect(text).not.toMatch(/Sort Key/);
  });

  it("returns the right page and a capped total for a common term", async () => {
    const result = await searchProducts(handle.db, {
      search: "ashwagandha",
      categoryId: undefined,
      sort: "featured",
      page: 2,
    });
    expect(result.totalIsCapped).toBe(true);
    expect(result.total).toBe(MAX_COUNTED_RESULTS);
    expect(result.items).toHaveLength(24);
    const texts = await queryRows<{ search_text: string }>(
      handle.db,
      sql`select search_text from products where id in (${sql.join(
        result.items.map((item) => sql`${item.id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(texts).toHaveLength(24);
    for (const row of texts) expect(row.search_text).toContain("ashwagandha");
  });

  it("returns exact totals for a rare term", async () => {
    const result = await searchProducts(handle.db, {
      search: "batch 4242",
      categoryId: undefined,
      sort: "rating",
      page: 1,
    });
    expect(result.totalIsCapped).toBe(false);
    expect(result.total).toBeGreaterThan(0);
    expect(result.total).toBeLessThan(50);
  });
});

describe(`the back office's product list over 100,000 products on ${DATABASE_KIND}`, () => {
  it("reads the newest page through the created_at index, not by sorting every product", async () => {
    const text = await plan(
      sql`select p.id, c.name from products p left join categories c on c.id = p.category_id order by p.created_at desc, p.id desc limit 25 offset 25`,
    );
    expect(text).toContain("products_created_at_idx");
    expect(text).not.toMatch(/Seq Scan on products/);
  });

  it("searches names through the trigram index", async () => {
    const pattern = likePattern("tablet 12");
    const text = await plan(
      sql`select count(*) from products where search_text like ${pattern} and lower(name) like ${pattern}`,
    );
    expect(text).toContain("products_search_text_trgm_idx");
  });

  it("returns one page of 25 with the exact total", async () => {
    const all = await listAdminProducts(handle.db, { search: undefined, page: 3 });
    expect(all).toMatchObject({ total: 100_000, page: 3, pageCount: 4000 });
    expect(all.items).toHaveLength(25);
    const found = await listAdminProducts(handle.db, { search: "SHATAVARI CHURNA 1", page: 1 });
    expect(found.total).toBeGreaterThan(0);
    for (const item of found.items) expect(item.name.toLowerCase()).toContain("shatavari churna 1");
  });
});
