import os from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { requirePinnedNode } from "./scripts/support/node-runtime.mjs";

// The runner on the pinned Node.js; its workers are checked by scripts/node-runtime.test.ts.
requirePinnedNode("Vitest");

const SCALE_TESTS = "tests/integration/search-at-scale.test.ts";
/**
 * Tests of the embedded database on disk (backups, the directory lock, its settings): they open
 * PGlite whatever TEST_DATABASE_URL says, so `npm test` runs them in its PGlite pass only.
 */
const EMBEDDED_DATABASE_TESTS = [
  "tests/integration/backup-restore.test.ts",
  "tests/integration/directory-lock.test.ts",
  "tests/integration/pglite-settings.test.ts",
];

/** A real database per test file, from the run's migrated copy (support/global-setup.ts). */
const DATABASE_TESTS = {
  globalSetup: ["tests/integration/support/global-setup.ts"],
  // Each file opens its own database and wires the app around it in beforeAll, so files
  // can share a worker's loaded modules instead of importing the whole app again.
  isolate: false,
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 120_000,
  env: { NODE_ENV: "test" },
};

/**
 * Starts the 100,000-product scale tests before everything else when they run with the
 * integration tests, so their minute overlaps the other files instead of trailing after them
 * (a fresh checkout has no timings for Vitest's own longest-first order).
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isScale = (spec: TestSpecification) => spec.project.name === "scale";
    return [...sorted.filter(isScale), ...sorted.filter((spec) => !isScale(spec))];
  }
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest leaves one core to itself by default, which on a two-core machine runs every file
    // in one worker; the database tests wait on PGlite or PostgreSQL, so use every core.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "scripts/**/*.test.ts",
            "patches/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [SCALE_TESTS, ...EMBEDDED_DATABASE_TESTS],
          ...DATABASE_TESTS,
        },
      },
      {
        extends: true,
        test: { name: "embedded-database", include: EMBEDDED_DATABASE_TESTS, ...DATABASE_TESTS },
      },
      {
        // Reads the production build (docs/decisions/029): `npm test` runs it after the build.
        extends: true,
        test: {
          name: "build",
          include: ["tests/build/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // 100,000-product query plans: `npm run test:scale`, run by `npm test` once per database.
        extends: true,
        test: {
          name: "scale",
          include: [SCALE_TESTS],
          globalSetup: ["tests/integration/support/global-setup.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          env: { NODE_ENV: "test" },
        },
      },
      {
        // Three processes of the production build on one PostgreSQL database behind a
        // round-robin proxy: `vitest run --project cluster` after the build, with
        // TEST_DATABASE_URL set (skipped without it). Each file starts processes of its own, so
        // files run one at a time.
        extends: true,
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
