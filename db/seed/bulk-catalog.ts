import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../app/lib/db.server";

const HERBS = [
  "ashwagandha",
  "shatavari",
  "brahmi",
  "tulsi",
  "giloy",
  "neem",
  "triphala",
  "guggulu",
  "arjuna",
  "shilajit",
  "amla",
  "haritaki",
  "bibhitaki",
  "punarnava",
  "gokshura",
  "manjistha",
  "yashtimadhu",
  "jatamansi",
  "shankhpushpi",
  "kutki",
  "bhringraj",
  "kumkumadi",
  "dashamool",
  "pippali",
  "vidanga",
  "musta",
  "chitrak",
  "sariva",
  "nagkesar",
  "lodhra",
  "ashoka",
  "kalmegh",
  "bhumyamalaki",
  "vasa",
  "kantakari",
  "haridra",
  "shunthi",
  "maricha",
  "guduchi",
  "kapikacchu",
];
const FORMS = ["Tablet", "Churna", "Syrup", "Oil", "Capsule", "Kalpa", "Vati", "Avaleha"];
const BENEFITS = [
  "immunity",
  "digestion",
  "restful sleep",
  "joint comfort",
  "heart health",
  "clear skin",
  "healthy liver",
  "calm mind",
  "respiratory comfort",
  "energy and stamina",
  "women's wellness",
  "healthy hair",
];

function textArray(values: string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`);
}

/**
 * Inserts `count` realistic products in one statement (for search tests and the benchmark).
 * Names, descriptions and ingredients combine real herb names, so searches hit realistic shares
 * of the catalog.
 *
 * The table's plain indexes are dropped for the insert and built again after it, in the same
 * transaction: building the trigram index once over 100,000 rows takes a third less time than
 * keeping it up to date row by row. Indexes behind a constraint (the key, unique slugs) stay.
 */
export async function insertBulkProducts(executor: Executor, count: number, slugPrefix = "bulk") {
  await executor.transaction(async (tx) => {
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'products'
            and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await insertRows(tx, count, slugPrefix);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await executor.execute(sql`analyze products`);
  await executor.execute(sql`analyze product_variants`);
}

async function insertRows(executor: Executor, count: number, slugPrefix: string) {
  const herbs = textArray(HERBS);
  const forms = textArray(FORMS);
  const benefits = textArray(BENEFITS);
  await executor.execute(sql`
    insert into products (slug, name, description, detailed_description, ingredients, benefits,
      dosage_instructions, ayurvedic_properties, rating, review_count, is_featured, created_at)
    select
      ${slugPrefix} || '-' || g,
      initcap((${herbs})[1 + g % ${HERBS.length}]) || ' ' || (${forms})[1 + g % ${FORMS.length}] || ' ' || g,
      'Supports ' || (${benefits})[1 + (g * 7) % ${BENEFITS.length}] || ' with ' || (${herbs})[1 + (g * 3) % ${HERBS.length}] || '.',
      'A classical formulation prepared in small batches. Batch ' || g || ' blends '
        || (${herbs})[1 + (g * 5) % ${HERBS.length}] || ' and ' || (${herbs})[1 + (g * 11) % ${HERBS.length}] || '.',
      (${herbs})[1 + g % ${HERBS.length}] || ', ' || (${herbs})[1 + (g * 13) % ${HERBS.length}] || ', '
        || (${herbs})[1 + (g * 17) % ${HERBS.length}],
      (${benefits})[1 + g % ${BENEFITS.length}] || ', ' || (${benefits})[1 + (g * 5) % ${BENEFITS.length}],
      '1 dose twice daily after meals',
      'Rasa: Tikta; Virya: ' || case when g % 2 = 0 then 'Ushna' else 'Sheeta' end,
      ((g * 13) % 41) / 10.0 + 1,
      (g * 3) % 120,
      g % 50 = 0,
      now() - make_interval(mins => g)
    from generate_series(1, ${count}) as g
  `);
  // One pack size each (docs/decisions/056), its SKU the slug; g is read back from the slug.
  await executor.execute(sql`
    insert into product_variants (product_id, sku, price, discount_price, stock_quantity)
    select p.id, p.slug,
      5000 + (n.g * 37) % 150000,
      case when n.g % 3 = 0 then null else 4000 + (n.g * 37) % 150000 - ((n.g * 37) % 150000) / 10 end,
      (n.g * 7) % 200
    from products p, lateral (select substring(p.slug from '[0-9]+$')::int as g) n
    where p.slug like ${`${slugPrefix}-%`}
  `);
}
