// `npm test`: typecheck, lint, unit, integration (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), production build and end-to-end tests, with one summary at the end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
fs.mkdirSync("test-results", { recursive: true });

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

function vitest(name, projects, outputFile, env) {
  fs.rmSync(outputFile, { force: true });
  run(
    name,
    "npx",
    [
      "vitest",
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${outputFile}`,
    ],
    env,
  );
  countVitest(outputFile);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

run("typecheck", "npm", ["run", "--silent", "typecheck"]);
run("lint", "npm", ["run", "--silent", "lint"]);
vitest("unit tests", ["unit"], "test-results/unit.json");
// PGlite run: the variable is removed, so every test file opens an in-memory PGlite.
process.env = withoutPostgres;
// The scale tests (100,000 products) run alongside the integration tests, once per database.
const INTEGRATION = ["integration", "scale"];
vitest("integration tests on PGlite", INTEGRATION, "test-results/integration-pglite.json");
process.env = { ...withoutPostgres, ...(TEST_DATABASE_URL ? { TEST_DATABASE_URL } : {}) };
if (TEST_DATABASE_URL) {
  vitest("integration tests on PostgreSQL", INTEGRATION, "test-results/integration-postgres.json", {
    TEST_DATABASE_URL,
  });
} else {
  console.log("\n(integration tests on PostgreSQL not run: set TEST_DATABASE_URL to a server URL)");
}
if (run("production build", "npx", ["react-router", "build"])) {
  fs.rmSync("test-results/e2e.json", { force: true });
  run("end-to-end tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/e2e.json",
  });
  countPlaywright("test-results/e2e.json");
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds}s)`);
const failedSteps = results.filter((r) => !r.ok).length;
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
