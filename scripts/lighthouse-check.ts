/**
 * The Lighthouse step of `npm test`: accessibility, best practices and SEO at 100 on the pages of
 * support/lighthouse-run.ts, in Lighthouse's mobile preset. Performance depends on the machine and
 * is only reported (`npm run lighthouse`). Writes test-results/lighthouse-check.json, one check
 * per page and category, which the suite's summary counts.
 */
import fs from "node:fs";
import { ASSERTED_CATEGORIES, belowHundred, shortfalls } from "./support/lighthouse-findings";
import { lighthouseThePages } from "./support/lighthouse-run";
import { startProductionShop } from "./support/production-shop";

const started = performance.now();
const shop = await startProductionShop();
const shopStarted = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
let failures: string[];
try {
  const pages = await lighthouseThePages(shop, ASSERTED_CATEGORIES, (page) => {
    const scores = ASSERTED_CATEGORIES.map((category) => `${category} ${page.scores[category]}`);
    console.log(`${page.page} (${page.path}): ${page.problem ?? scores.join(", ")}`);
  });
  console.log(
    `shop started in ${((shopStarted - started) / 1000).toFixed(1)}s, pages audited in ${seconds(shopStarted)}s`,
  );
  failures = shortfalls(pages, ASSERTED_CATEGORIES);
  const checks = pages.length * ASSERTED_CATEGORIES.length;
  const failed = pages.flatMap((page) =>
    ASSERTED_CATEGORIES.filter((category) => belowHundred(page, category)),
  ).length;
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(
    "test-results/lighthouse-check.json",
    `${JSON.stringify({ passed: checks - failed, failed, failures, pages }, null, 2)}\n`,
  );
} finally {
  await shop.stop();
}
if (failures.length > 0) {
  console.error(`\nLighthouse: below 100\n${failures.join("\n")}`);
  process.exit(1);
}
console.log("Lighthouse: accessibility, best practices and SEO at 100 on every page");
