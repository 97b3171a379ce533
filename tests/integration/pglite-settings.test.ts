import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createPgliteDirectory, isNewPgliteDirectory } from "~/lib/pglite-create.server";
import { openPgliteOnDisk } from "./support/database";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pglite-settings-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the embedded database's settings", () => {
  it("runs with small shared buffers, given at start, keeping initdb's postgresql.conf", async () => {
    const handle = await openPgliteOnDisk(dataDir);
    try {
      expect(await handle.db.execute(sql`show shared_buffers`)).toMatchObject({
        rows: [{ shared_buffers: "16MB" }],
      });
      expect(await handle.db.execute(sql`show timezone`)).toMatchObject({
        rows: [{ TimeZone: "UTC" }],
      });
    } finally {
      await handle.close();
    }
    // PGlite's postgresqlconf option would replace the file, and lose initdb's settings with it.
    const config = fs.readFileSync(path.join(dataDir, "pglite", "postgresql.conf"), "utf8");
    expect(config).toMatch(/^timezone = UTC$/m);
    expect(config).toMatch(/^default_text_search_config = 'pg_catalog.english'$/m);
  });

  it("creates a new database directory in a process of its own, and says why when it cannot", async () => {
    const fresh = path.join(dataDir, "created-apart");
    expect(isNewPgliteDirectory(fresh)).toBe(true);
    await createPgliteDirectory(fresh);
    expect(isNewPgliteDirectory(fresh)).toBe(false);
    expect(fs.readFileSync(path.join(fresh, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);

    const blocker = path.join(dataDir, "a-file");
    fs.writeFileSync(blocker, "not a directory");
    await expect(createPgliteDirectory(path.join(blocker, "pglite"))).rejects.toThrow(
      /^creating the embedded database failed: /,
    );
  });
});
