/**
 * What a Lighthouse report says about one page: each category's score out of 100 and the audits
 * that keep it below. Pure, so the verdict the suite gives is tested without a browser.
 */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The categories whose audits do not depend on the machine's speed: `npm test` holds them at 100. */
export const ASSERTED_CATEGORIES = [
  "accessibility",
  "best-practices",
  "seo",
] as const satisfies readonly Category[];

/** The part of a Lighthouse result (LH.Result) read here. */
export type Report = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Partial<
    Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  >;
  audits: Record<
    string,
    { id: string; title: string; score: number | null; numericValue?: number }
  >;
};

/** The measurements the performance score is made of, in milliseconds (layout shift unitless). */
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

export type FailingAudit = { id: string; title: string; score: number };

export type PageFindings = {
  page: string;
  path: string;
  /** Out of 100 as Lighthouse shows it; null when the category could not be scored. */
  scores: Partial<Record<Category, number | null>>;
  /** Per category, the weighted audits that did not pass. */
  failing: Partial<Record<Category, FailingAudit[]>>;
  /** With performance: the simulated metrics behind its score. */
  metrics?: Partial<Record<(typeof METRICS)[number], number>>;
  /** Why the page could not be judged: it did not load, or ended somewhere else. */
  problem?: string;
};

export function findingsOf(
  page: string,
  path: string,
  report: Report,
  categories: readonly Category[],
): PageFindings {
  const findings: PageFindings = { page, path, scores: {}, failing: {} };
  const landedOn = new URL(report.finalDisplayedUrl).pathname;
  if (report.runtimeError) {
    findings.problem = `${report.runtimeError.code}: ${report.runtimeError.message}`;
  } else if (landedOn !== path) {
    findings.problem = `ended on ${landedOn} instead of ${path}`;
  }
  for (const category of categories) {
    const result = report.categories[category];
    findings.scores[category] = result?.score == null ? null : Math.round(result.score * 100);
    findings.failing[category] = (result?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => report.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => ({ id: audit!.id, title: audit!.title, score: audit!.score! }));
  }
  if (categories.includes("performance")) {
    findings.metrics = {};
    for (const metric of METRICS) {
      const value = report.audits[metric]?.numericValue;
      if (value !== undefined) findings.metrics[metric] = Math.round(value * 1000) / 1000;
    }
  }
  return findings;
}

/** Whether a page misses 100 in a category: it could not be judged, scored less, or an audit failed. */
export function belowHundred(page: PageFindings, category: Category) {
  return (
    page.problem !== undefined ||
    page.scores[category] !== 100 ||
    (page.failing[category] ?? []).length > 0
  );
}

/** One line per page and category that is not at 100, naming each audit that keeps it below. */
export function shortfalls(findings: PageFindings[], categories: readonly Category[]) {
  const lines: string[] = [];
  for (const page of findings) {
    const where = `${page.page} (${page.path})`;
    if (page.problem) {
      lines.push(`${where}: ${page.problem}`);
      continue;
    }
    for (const category of categories) {
      if (!belowHundred(page, category)) continue;
      const score = page.scores[category];
      const audits = (page.failing[category] ?? [])
        .map((audit) => `\n    - ${audit.id}: ${audit.title}`)
        .join("");
      const why = audits || "\n    (no failing audit named: the category could not be scored)";
      lines.push(`${where} ${category} ${score ?? "not scored"}/100, failing audits:${why}`);
    }
  }
  return lines;
}
