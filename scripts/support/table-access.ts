import fs from "node:fs";
import path from "node:path";

export type Access = "read" | "write";
export type TableUse = { table: string; access: Access };

/** The table objects db/schema declares: `export const name = pgTable(`. */
export function schemaTables(schemaDir: string) {
  const tables = new Set<string>();
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith(".ts")) continue;
    const source = fs.readFileSync(path.join(schemaDir, file), "utf8");
    for (const [, name] of source.matchAll(/export const (\w+) = pgTable\(/g)) tables.add(name!);
  }
  return tables;
}

/** The SQL name of each table db/schema declares (`pgTable("order_items"`), to its object's name. */
export function schemaSqlNames(schemaDir: string) {
  const names = new Map<string, string>();
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith(".ts")) continue;
    const source = fs.readFileSync(path.join(schemaDir, file), "utf8");
    for (const [, name, sqlName] of source.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      names.set(sqlName!, name!);
    }
  }
  return names;
}

/** The text of the file's raw SQL: each sql`…` template, up to its first nested template. */
function rawSql(source: string) {
  return [...source.matchAll(/\bsql`([^`]*)`/g)].map((match) => match[1]!).join("\n");
}

/**
 * The tables the file's raw SQL reads (`from order_items`, `join ${orderItems}`): a query written
 * as SQL text reads a table as much as one built with `.from()`.
 */
function rawSqlReads(source: string, imported: Map<string, string>, sqlNames: Map<string, string>) {
  const text = rawSql(source);
  const read = new Set<string>();
  for (const [, name] of text.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)\b/gi)) {
    const table = sqlNames.get(name!.toLowerCase());
    if (table) read.add(table);
  }
  for (const [, local] of text.matchAll(/\b(?:from|join)\s+\$\{\s*([\w$]+)\s*\}/gi)) {
    const table = imported.get(local!);
    if (table) read.add(table);
  }
  return read;
}

/**
 * The tables a source file queries, with how it uses each: those it imports from db/schema and
 * uses in a query, and those its raw SQL names (`sqlNames`, schemaSqlNames) whether imported or not.
 */
export function tableUses(
  source: string,
  tables: Set<string>,
  sqlNames: Map<string, string> = new Map(),
): TableUse[] {
  const imported = new Map<string, string>();
  for (const [, names] of source.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[^"]*db\/schema(?:\/\w+)?"/g,
  )) {
    for (const name of names!.split(",")) {
      const [table, local = table] = name.trim().split(/\s+as\s+/);
      if (table && tables.has(table)) imported.set(local!.trim(), table);
    }
  }
  const uses: TableUse[] = [];
  const raw = rawSqlReads(source, imported, sqlNames);
  for (const [local, table] of imported) {
    const name = local.replace(/\$/g, "\\$");
    const written = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${name}\\b`).test(source);
    const read = new RegExp(
      `\\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*${name}\\b|\\.query\\.${table}\\b`,
    ).test(source);
    if (written) uses.push({ table, access: "write" });
    if (read || raw.has(table)) uses.push({ table, access: "read" });
    raw.delete(table);
  }
  for (const table of raw) uses.push({ table, access: "read" });
  return uses;
}

/** Every non-test source file under a folder, as paths relative to the project root. */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

export type Ownership = {
  ownerOf: Map<string, string[]>;
  readsOf: Map<string, Set<string>>;
  writes: Set<string>;
};

const names = (cell: string) =>
  cell
    .split(",")
    .map((name) => name.trim().replace(/`/g, ""))
    .filter(Boolean);

/** The tables docs/areas.md gives each area, the reads it lists, and the listed foreign writes. */
export function ownershipOf(markdown: string): Ownership {
  const section = markdown.slice(markdown.indexOf("## Tables each area owns"));
  const ownerOf = new Map<string, string[]>();
  const readsOf = new Map<string, Set<string>>();
  for (const [, area, owns, reads] of section.matchAll(
    /^\| ([a-z][a-z-]*) +\|([^|]*)\|([^|]*)\|$/gm,
  )) {
    for (const table of names(owns!)) ownerOf.set(table, [...(ownerOf.get(table) ?? []), area!]);
    readsOf.set(area!, new Set(names(reads!)));
  }
  const writes = new Set<string>();
  for (const [, area, table] of section.matchAll(/^- ([a-z-]+) writes (\w+):/gm)) {
    writes.add(`${area} writes ${table}`);
  }
  return { ownerOf, readsOf, writes };
}

/** What a file of `area` does to tables it does not own and may not: one sentence per breach. */
export function breaches(file: string, area: string, uses: TableUse[], ownership: Ownership) {
  const found: string[] = [];
  for (const { table, access } of uses) {
    const owner = ownership.ownerOf.get(table)?.[0];
    if (owner === area) continue;
    if (access === "write" && !ownership.writes.has(`${area} writes ${table}`)) {
      found.push(`${file} writes ${table}, owned by ${owner}`);
    }
    if (access === "read" && !ownership.readsOf.get(area)?.has(table)) {
      found.push(`${file} reads ${table}, owned by ${owner}`);
    }
  }
  return found;
}
