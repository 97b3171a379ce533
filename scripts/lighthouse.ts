/**
 * npm run lighthouse: Lighthouse's mobile preset on the shop's main pages (see
 * support/lighthouse-run.ts), on the production build with a fresh demo catalog, through a TLS
 * and HTTP/2 front as in production (LIGHTHOUSE_DIRECT=1: the shop's own HTTP/1.1 server). Prints
 * the four category scores per page and writes them to test-results/lighthouse.json. It asserts
 * nothing: `npm test` holds accessibility, best practices and SEO at 100
 * (scripts/lighthouse-check.ts).
 */
import fs from "node:fs";
import os from "node:os";
import { CATEGORIES } from "./support/lighthouse-findings";
import { lighthouseThePages } from "./support/lighthouse-run";
import { startProductionShop } from "./support/production-shop";

const through = process.env.LIGHTHOUSE_DIRECT === "1" ? "direct" : "http2";
const shop = await startProductionShop();
try {
  console.log(
    through === "http2"
      ? "through a TLS and HTTP/2 front, as in production"
      : "directly from the shop's HTTP/1.1 server",
  );
  const pages = await lighthouseThePages(
    shop,
    CATEGORIES,
    (page) => console.log(`measured ${page.page} (${page.path})`),
    through,
  );
  console.table(
    pages.map((page) => ({
      page: page.page,
      path: page.path,
      ...page.scores,
      ...(page.problem ? { problem: page.problem } : {}),
    })),
  );
  for (const page of pages) {
    for (const [category, audits] of Object.entries(page.failing)) {
      if (category === "performance" || audits.length === 0) continue;
      console.log(`${page.page} ${category}: ${audits.map((audit) => audit.id).join(", ")}`);
    }
  }
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(
    "test-results/lighthouse.json",
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        preset: "mobile",
        through,
        cpus: os.availableParallelism(),
        pages,
      },
      null,
      2,
    )}\n`,
  );
  console.log("written to test-results/lighthouse.json");
} finally {
  await shop.stop();
}
