import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { areaGraphOf } from "./support/area-graph";
import {
  breaches,
  ownershipOf,
  schemaSqlNames,
  schemaTables,
  sourceFiles,
  type TableUse,
  tableUses,
} from "./support/table-access";

/** docs/decisions/080: every table has one owning area, and an area queries only its own. */
const markdown = fs.readFileSync("docs/areas.md", "utf8");
const ownership = ownershipOf(markdown);
const tables = schemaTables("db/schema");
const sqlNames = schemaSqlNames("db/schema");
const areaOf = (file: string) => file.split("/")[2]!;

const usesByFile = sourceFiles("app/modules").map((file) => ({
  file,
  area: areaOf(file),
  uses: tableUses(fs.readFileSync(file, "utf8"), tables, sqlNames),
}));

describe("the tables each area owns (docs/areas.md)", () => {
  it("gives every table in db/schema exactly one owner", () => {
    const unowned = [...tables].filter((table) => !ownership.ownerOf.has(table));
    const shared = [...ownership.ownerOf]
      .filter(([, owners]) => owners.length > 1)
      .map(([table, owners]) => `${table}: ${owners.join(", ")}`);
    const unknown = [...ownership.ownerOf.keys()].filter((table) => !tables.has(table));
    expect({ unowned, shared, unknown }).toEqual({ unowned: [], shared: [], unknown: [] });
  });

  it("names only the areas of the import graph", () => {
    expect([...ownership.readsOf.keys()].sort()).toEqual([...areaGraphOf(markdown).keys()].sort());
  });

  it("finds no query of another area's table that the document does not list", () => {
    const found = usesByFile.flatMap(({ file, area, uses }) =>
      breaches(file, area, uses, ownership),
    );
    expect(found).toEqual([]);
  });

  it("lists no read or write that the code no longer makes", () => {
    const made = new Set(
      usesByFile.flatMap(({ area, uses }) =>
        uses.map(({ table, access }) => `${area} ${access}s ${table}`),
      ),
    );
    const listed = [
      ...[...ownership.readsOf].flatMap(([area, reads]) =>
        [...reads].map((table) => `${area} reads ${table}`),
      ),
      ...ownership.writes,
    ];
    expect(listed.filter((entry) => !made.has(entry))).toEqual([]);
  });
});

describe("the check itself", () => {
  const source = [
    'import { orders, orderItems as lines, payments } from "../../../db/schema";',
    "const paid = await tx.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId));",
    "await tx.query.orderItems.findMany();",
    "await tx.select().from(lines);",
    "await tx.update(orders).set({ status: 'paid' });",
  ].join("\n");
  const uses: TableUse[] = tableUses(source, new Set(["orders", "orderItems", "payments"]));

  it("sees reads through from, joins, db.query and a renamed import, and writes through update", () => {
    expect(uses).toEqual([
      { table: "orders", access: "write" },
      { table: "orders", access: "read" },
      { table: "orderItems", access: "read" },
      { table: "payments", access: "read" },
    ]);
  });

  it("sees reads in raw SQL, by the table's SQL name and by its object, and none in comments", () => {
    // A placeholder of the source's own templates, written apart from this file's strings.
    const placeholder = (name: string) => ["$", "{", name, "}"].join("");
    const raw = [
      'import { orderItems } from "../../../db/schema";',
      "// Counts come from shipments, not from this comment.",
      `const held = sql\`exists (select 1 from shipments s where s.order_id = ${placeholder("id")})\`;`,
      `const lots = sql\`select 1 from order_item_lots l join ${placeholder("orderItems")} on true\`;`,
    ].join("\n");
    expect(tableUses(raw, tables, sqlNames)).toEqual([
      { table: "orderItems", access: "read" },
      { table: "shipments", access: "read" },
      { table: "orderItemLots", access: "read" },
    ]);
  });

  it("refuses a foreign read and a foreign write, naming file, table and owner", () => {
    expect(breaches("app/modules/payments/probe.server.ts", "payments", uses, ownership)).toEqual([
      "app/modules/payments/probe.server.ts writes orders, owned by orders",
      "app/modules/payments/probe.server.ts reads orderItems, owned by orders",
    ]);
    expect(breaches("app/modules/media/probe.server.ts", "media", uses, ownership)).toEqual([
      "app/modules/media/probe.server.ts writes orders, owned by orders",
      "app/modules/media/probe.server.ts reads orders, owned by orders",
      "app/modules/media/probe.server.ts reads orderItems, owned by orders",
      "app/modules/media/probe.server.ts reads payments, owned by payments",
    ]);
  });
});
