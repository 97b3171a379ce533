// `npm test`: typecheck beside lint and unit, production build, the JavaScript budget, integration
// on PGlite beside the cluster tests (three processes of the build on one PostgreSQL database),
// then on PostgreSQL when TEST_DATABASE_URL is set beside Lighthouse (accessibility, best
// practices and SEO at 100), end-to-end tests, with one summary at the end.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { requirePinnedNode } from "./support/node-runtime.mjs";

// Every step below is started from PATH (npm, npx, node), so it runs on this Node.js.
console.log(`Node.js ${process.version} (${process.execPath})`);
requirePinnedNode("npm test");

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests by name, with their error's first line, so a red run says what broke. */
const failures = [];
const flaky = [];

/** The first lines of an error, without terminal colours: the summary is read as plain text. */
function firstLines(message, count = 1) {
  const plain = stripVTControlCharacters(String(message ?? ""));
  return plain
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, count)
    .join(" | ");
}

/**
 * What one Playwright attempt reported: its status and the start of its first error, wherever the
 * reporter put it (a thrown non-Error has only a value; a crash may leave only `errors`).
 */
function attemptSummary(result) {
  const error = result?.error ?? result?.errors?.[0];
  const text = firstLines(error?.message ?? error?.value ?? error?.stack, 4);
  const status = result?.status ?? "no result";
  if (!text)
    return status === "passed" || status === "skipped"
      ? `[${status}]`
      : `[${status}] (no error reported)`;
  return `[${status}] ${text}`;
}
fs.mkdirSync("test-results", { recursive: true });

/** Runs one step with its output shown, giving its exit code. */
function runStatus(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push({ name, ok: result.status === 0, seconds });
  return result.status;
}

function run(name, command, args, env = {}) {
  return runStatus(name, command, args, env) === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        failures.push(`${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
      }
    }
    // A file that failed to load has no tests to list, only its message.
    if (file.status === "failed" && !(file.assertionResults ?? []).length) {
      failures.push(`${file.name}: ${firstLines(file.message)}`);
    }
  }
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats, suites } = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
  const visit = (suite, titles) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...path, spec.title].join(" › ");
        if (test.status === "unexpected") {
          // Every attempt, so a failure that follows from an earlier one shows its cause too.
          const attempts = (test.results ?? []).map(attemptSummary).join(" ; then ");
          failures.push(`${name}: ${attempts}`);
        } else if (test.status === "skipped") {
          // The suite skips nothing on purpose: a skip is a serial test after a failure.
          failures.push(`${name}: skipped`);
        } else if (test.status === "flaky") {
          // Passed on its retry (docs/decisions/035): counted as passed, named so it gets fixed.
          // Its failed attempt need not be the first: in a serial group a later test's failure
          // runs the group again, and a test that passed the first time may fail the second.
          const failed = test.results?.find((result) => result.status !== "passed");
          flaky.push(`${name}: ${attemptSummary(failed)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of suites ?? []) visit(suite, []);
}

/** One check per page and Lighthouse category (scripts/lighthouse-check.ts). */
function countLighthouse(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.passed ?? 0;
  totals.failed += report.failed ?? 0;
}

/** Runs one step with its output kept, for runTogether. */
function runKept({ name, command, args, env = {} }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      resolve({ name, ok: code === 0, seconds, output: Buffer.concat(output) });
    });
  });
}

/**
 * Lanes of steps run side by side (the steps of one lane one after another), each step's output
 * kept and printed whole when all have ended, in the order given. For steps that leave a core
 * idle: the PostgreSQL tests wait on the server while Lighthouse waits on the browser (about 30 s
 * saved on two cores, docs/decisions/027).
 */
async function runTogether(lanes) {
  const outcomes = (
    await Promise.all(
      lanes.map(async (lane) => {
        const done = [];
        for (const step of lane) done.push(await runKept(step));
        return done;
      }),
    )
  ).flat();
  for (const { output, ...result } of outcomes) {
    const beside = outcomes.length > 1 ? " (run beside the other steps of this group)" : "";
    console.log(`\n=== ${result.name}${beside} ===`);
    process.stdout.write(output);
    results.push(result);
  }
}

function vitestArgs(projects, outputFile) {
  fs.rmSync(outputFile, { force: true });
  return [
    "vitest",
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${outputFile}`,
  ];
}

function vitest(name, projects, outputFile, env) {
  run(name, "npx", vitestArgs(projects, outputFile), env);
  countVitest(outputFile);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

const started = Date.now();
// TypeScript is one busy core; Biome and the unit tests take the other.
await runTogether([
  [{ name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] }],
  [
    { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
    { name: "unit tests", command: "npx", args: vitestArgs(["unit"], "test-results/unit.json") },
  ],
]);
countVitest("test-results/unit.json");
// Built before the integration tests, so Lighthouse can run beside the PostgreSQL ones: by
// `npm start` on a fresh data directory, which fails on any line not the shop's own (exit 1)
// and leaves the build for the steps after it unless it did not build or start (exit 2).
const quietStart = runStatus("npm start, quietly (the production build)", "npm", [
  "run",
  "--silent",
  "test:start",
]);
const built = quietStart === 0 || quietStart === 1;
// The JavaScript budget of each storefront page, read from the build just made.
if (built) vitest("JavaScript budget", ["build"], "test-results/js-budget.json");
// PGlite run: the variable is removed, so every test file opens an in-memory PGlite.
process.env = withoutPostgres;
// The scale tests (100,000 products) run alongside the integration tests, once per database;
// the tests of the embedded database on disk open PGlite whatever the run, so they run once.
const INTEGRATION = ["integration", "scale"];
const EMBEDDED_DATABASE = "embedded-database";
const PGLITE_REPORT = "test-results/integration-pglite.json";
const POSTGRES_REPORT = "test-results/integration-postgres.json";
const CLUSTER_REPORT = "test-results/cluster.json";
// The cluster tests' shop processes mostly wait on PostgreSQL, beside PGlite's CPU work.
await runTogether(
  [
    [
      {
        name: "integration tests on PGlite",
        command: "npx",
        args: vitestArgs([...INTEGRATION, EMBEDDED_DATABASE], PGLITE_REPORT),
      },
    ],
    [
      built &&
        TEST_DATABASE_URL && {
          name: "cluster tests on PostgreSQL",
          command: "npx",
          args: vitestArgs(["cluster"], CLUSTER_REPORT),
          env: { TEST_DATABASE_URL },
        },
    ],
  ]
    .map((lane) => lane.filter(Boolean))
    .filter((lane) => lane.length > 0),
);
countVitest(PGLITE_REPORT);
if (built && TEST_DATABASE_URL) countVitest(CLUSTER_REPORT);
process.env = { ...withoutPostgres, ...(TEST_DATABASE_URL ? { TEST_DATABASE_URL } : {}) };
if (!TEST_DATABASE_URL) {
  console.log("\n(integration tests on PostgreSQL not run: set TEST_DATABASE_URL to a server URL)");
}
const LIGHTHOUSE_REPORT = "test-results/lighthouse-check.json";
fs.rmSync(LIGHTHOUSE_REPORT, { force: true });
await runTogether(
  [
    [
      TEST_DATABASE_URL && {
        name: "integration tests on PostgreSQL",
        command: "npx",
        args: vitestArgs(INTEGRATION, POSTGRES_REPORT),
        env: { TEST_DATABASE_URL },
      },
    ],
    [
      built && {
        name: "Lighthouse",
        command: "npm",
        args: ["run", "--silent", "lighthouse:check"],
      },
    ],
  ]
    .map((lane) => lane.filter(Boolean))
    .filter((lane) => lane.length > 0),
);
if (TEST_DATABASE_URL) countVitest(POSTGRES_REPORT);
// A Lighthouse run that ended without its report did not find anything: its browser or shop went
// away before the first page was audited. It runs once more, named in the summary, as a failed
// browser test does (docs/decisions/035); a run that audited the pages is never run again.
const lighthouseStep = results.find((result) => result.name === "Lighthouse");
if (lighthouseStep && !lighthouseStep.ok && !fs.existsSync(LIGHTHOUSE_REPORT)) {
  results.splice(results.indexOf(lighthouseStep), 1);
  if (run("Lighthouse, again", "npm", ["run", "--silent", "lighthouse:check"])) {
    flaky.push("Lighthouse: its first run ended without a report");
  }
}
countLighthouse(LIGHTHOUSE_REPORT);
if (built) {
  fs.rmSync("test-results/e2e.json", { force: true });
  run("end-to-end tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/e2e.json",
  });
  countPlaywright("test-results/e2e.json");
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds}s)`);
console.log(`all steps: ${Math.round((Date.now() - started) / 1000)}s`);
const failedSteps = results.filter((r) => !r.ok).length;
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
if (flaky.length) {
  console.log("passed only on retry:");
  for (const test of flaky) console.log(`  ${test}`);
}
if (failures.length) {
  console.log("failed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
