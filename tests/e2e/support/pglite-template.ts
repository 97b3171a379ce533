import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createMigratedDataDir } from "../../support/migrated-pglite";

/** Names the template directory for the workers (global setup runs before they start). */
export const PGLITE_TEMPLATE_ENV = "SHOP_E2E_PGLITE_TEMPLATE";

/** Playwright global setup: one migrated embedded database the process specs copy. */
export default async function createPgliteTemplate() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-template-"));
  const dataDir = path.join(parent, "pglite");
  await createMigratedDataDir(dataDir);
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return () => fs.rmSync(parent, { recursive: true, force: true });
}
