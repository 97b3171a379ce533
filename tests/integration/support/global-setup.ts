import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "~/lib/db.server";
import { migratedSnapshotFile } from "../../support/migrated-pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a PGlite data directory with every migration applied. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database each test file clones (PostgreSQL runs). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, so each test file starts from a copy instead of
 * creating and migrating its own: PGlite's initdb and the migrations cost seconds per file.
 */
export default async function setup(project: TestProject) {
  // The embedded database's snapshot is provided on PostgreSQL runs too: the tests about data
  // directories on disk use it whichever database the others run on.
  project.provide("pgliteSnapshot", await migratedSnapshotFile());

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide("postgresTemplate", "");
    return;
  }
  const name = `shop_template_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 1);
  await handle.close();
  project.provide("postgresTemplate", name);
  return async () => {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
