import { describe, expect, it } from "vitest";
import { areaCycle, areaGraphOf, importedAreas } from "./area-graph";

const table = (rows: string) =>
  `# Areas\n\n## The graph\n\n| Area | May import |\n| --- | --- |\n${rows}`;

describe("area graph", () => {
  it("reads each area's allowed imports from the table", () => {
    const graph = areaGraphOf(table("| audit |  |\n| orders | audit, payments |\n"));
    expect(graph.get("audit")).toEqual(new Set());
    expect(graph.get("orders")).toEqual(new Set(["audit", "payments"]));
  });

  it("finds a cycle, however long, and none in a layered graph", () => {
    const cyclic = areaGraphOf(table("| a | b |\n| b | c |\n| c | a |\n"));
    expect(areaCycle(cyclic)).toEqual(["a", "b", "c", "a"]);
    const layered = areaGraphOf(table("| a | b, c |\n| b | c |\n| c |  |\n"));
    expect(areaCycle(layered)).toBeNull();
  });

  it("sees imports of other areas by relative path and by alias, not its own or lower layers", () => {
    const source = [
      'import { a } from "../orders/order-errors";',
      'import { b } from "~/modules/catalog/listing.server";',
      'import { c } from "./own.server";',
      'import { d } from "../payments/refunds.server";',
      'import { e } from "../../lib/db.server";',
      'import { f } from "../../domain/orders";',
    ].join("\n");
    expect(importedAreas(source, "payments")).toEqual(new Set(["orders", "catalog"]));
  });
});
