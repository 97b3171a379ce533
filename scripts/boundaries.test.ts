import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaCycle, areaGraphOf, importedAreas } from "./support/area-graph";

/**
 * docs/decisions/023: the import boundaries live in biome.json. Each probe is a one-line file
 * placed where a real one would sit; the project's own biome.json lints them all in one run.
 */
const RULE = "lint/style/noRestrictedImports";

type Probe = { file: string; from: string; allowed: boolean };

const refused = (file: string, from: string): Probe => ({ file, from, allowed: false });
const accepted = (file: string, from: string): Probe => ({ file, from, allowed: true });

const PROBES: Probe[] = [
  refused("app/routes/probe.tsx", "drizzle-orm"),
  refused("app/routes/probe.tsx", "drizzle-orm/pg-core"),
  refused("app/routes/probe.tsx", "../../db/schema"),
  refused("app/routes/store/probe.tsx", "../../../db/schema/commerce"),
  accepted("app/routes/store/probe.tsx", "~/modules/catalog/listing.server"),
  accepted("app/routes/store/probe.tsx", "~/lib/db.server"),
  refused("app/components/probe.tsx", "drizzle-orm"),
  refused("app/components/ui/probe.tsx", "../../../db/schema"),
  accepted("app/components/probe.tsx", "~/domain/money"),
  refused("app/domain/probe.ts", "drizzle-orm"),
  refused("app/domain/probe.ts", "../../db/schema/commerce"),
  refused("app/domain/validation/probe.ts", "../../../db/schema"),
  refused("app/domain/probe.ts", "~/lib/db.server"),
  refused("app/domain/probe.ts", "../lib/logger.server"),
  refused("app/domain/probe.ts", "~/modules/catalog/listing.server"),
  refused("app/domain/probe.ts", "../modules/orders/order-errors"),
  refused("app/domain/probe.ts", "./orders.server"),
  refused("app/domain/probe.ts", "node:fs"),
  refused("app/domain/probe.ts", "node:fs/promises"),
  refused("app/domain/probe.ts", "node:child_process"),
  refused("app/domain/probe.ts", "node:net"),
  refused("app/domain/probe.ts", "node:http"),
  refused("app/domain/probe.ts", "fs"),
  accepted("app/domain/probe.ts", "zod"),
  accepted("app/domain/probe.ts", "./money"),
  accepted("app/domain/validation/probe.ts", "../money"),
  // A domain test may read fixtures from disk; the code it tests may not.
  accepted("app/domain/probe.test.ts", "node:fs"),
  refused("app/lib/probe.ts", "~/modules/accounts/account-mail.server"),
  refused("app/lib/probe.ts", "../modules/accounts/account-mail.server"),
  accepted("app/lib/probe.ts", "./db.server"),
  // Areas (docs/areas.md): a lower area never imports a higher one, nor a workflow.
  refused("app/modules/payments/probe.ts", "../orders/order-payment.server"),
  refused("app/modules/payments/probe.ts", "~/modules/orders/order-payment.server"),
  accepted("app/modules/orders/probe.ts", "../payments/refunds.server"),
  refused("app/modules/orders/probe.ts", "~/workflows/cancel-order.server"),
  refused("app/modules/orders/probe.ts", "../../workflows/cancel-order.server"),
  refused("app/modules/gst-documents/probe.ts", "../orders/order-errors"),
  refused("app/modules/notifications/probe.ts", "../orders/order-mails.server"),
  refused("app/modules/catalog/probe.ts", "../wishlist/wishlist.server"),
  accepted("app/modules/wishlist/probe.ts", "../catalog/listing.server"),
  accepted("app/modules/catalog/probe.ts", "../../../db/schema"),
  accepted("app/workflows/probe.ts", "../modules/orders/release-order.server"),
];

let root: string;
let flagged: Map<string, Set<string>>;

function probePath(probe: Probe, index: number) {
  const extension = path.extname(probe.file);
  const base = probe.file.slice(0, -extension.length).replace(/\.test$/, "");
  const suffix = probe.file.endsWith(`.test${extension}`) ? `.test${extension}` : extension;
  return `${base}-${index}${suffix}`;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-boundaries-"));
  fs.copyFileSync("biome.json", path.join(root, "biome.json"));
  PROBES.forEach((probe, index) => {
    const file = path.join(root, probePath(probe, index));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `import * as probe from "${probe.from}";\n\nexport default probe;\n`);
  });
  const biome = path.resolve("node_modules/.bin/biome");
  const run = spawnSync(
    biome,
    ["lint", "--vcs-enabled=false", "--reporter=github", "--max-diagnostics=none", "."],
    { cwd: root, encoding: "utf8" },
  );
  if (run.error) throw run.error;
  flagged = new Map();
  // One line per diagnostic: ::error title=<rule>,file=<path>,line=...::<message>
  for (const match of run.stdout.matchAll(/^::\w+ title=([^,]+),file=([^,]+),/gm)) {
    const file = path.relative(root, match[2]!);
    const rules = flagged.get(file) ?? new Set();
    rules.add(match[1]!);
    flagged.set(file, rules);
  }
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("import boundaries", () => {
  it.each(PROBES.map((probe, index) => ({ ...probe, index })))(
    "$file importing $from: allowed $allowed",
    (probe) => {
      const rules = flagged.get(probePath(probe, probe.index)) ?? new Set();
      expect(rules.has(RULE)).toBe(!probe.allowed);
    },
  );
});

describe("the areas' graph (docs/areas.md)", () => {
  const graph = areaGraphOf(fs.readFileSync("docs/areas.md", "utf8"));
  const areas = fs
    .readdirSync("app/modules", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  it("names every area there is, and only those", () => {
    expect([...graph.keys()].sort()).toEqual(areas);
  });

  it("has no cycle", () => {
    expect(areaCycle(graph)).toBeNull();
  });

  it("is what biome.json refuses: every area not listed beside an area, and every workflow", () => {
    const config = JSON.parse(fs.readFileSync("biome.json", "utf8"));
    for (const area of areas) {
      const override = config.overrides.find((o: { includes: string[] }) =>
        o.includes.includes(`app/modules/${area}/**`),
      );
      expect(override, `biome.json has no override for app/modules/${area}/**`).toBeDefined();
      const group: string[] =
        override.linter.rules.style.noRestrictedImports.options.patterns[0].group;
      const expected = areas
        .filter((other) => other !== area && !graph.get(area)!.has(other))
        .flatMap((other) => [`../${other}/**`, `~/modules/${other}/**`]);
      expect(new Set(group), `the ${area} override in biome.json`).toEqual(
        new Set([...expected, "~/workflows/**", "**/workflows/**"]),
      );
    }
  });

  it("allows every import between areas that the code makes", () => {
    const strays: string[] = [];
    for (const area of areas) {
      const folder = path.join("app/modules", area);
      for (const file of fs.readdirSync(folder).filter((name) => /\.tsx?$/.test(name))) {
        const source = fs.readFileSync(path.join(folder, file), "utf8");
        for (const other of importedAreas(source, area)) {
          if (!graph.get(area)!.has(other)) strays.push(`${area}/${file} imports ${other}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
