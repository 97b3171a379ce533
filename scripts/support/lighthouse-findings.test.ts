import { describe, expect, it } from "vitest";
import { belowHundred, findingsOf, type Report, shortfalls } from "./lighthouse-findings";

function report(overrides: Partial<Report> = {}): Report {
  return {
    finalDisplayedUrl: "http://127.0.0.1:4000/products",
    categories: {
      seo: {
        score: 0.92,
        auditRefs: [
          { id: "link-text", weight: 1 },
          { id: "document-title", weight: 1 },
          { id: "structured-data", weight: 0 },
        ],
      },
      accessibility: {
        score: 1,
        auditRefs: [
          { id: "color-contrast", weight: 7 },
          { id: "label", weight: 7 },
        ],
      },
    },
    audits: {
      "link-text": { id: "link-text", title: "Links do not have descriptive text", score: 0 },
      "document-title": { id: "document-title", title: "Document has a `<title>`", score: 1 },
      "structured-data": { id: "structured-data", title: "Structured data", score: null },
      "color-contrast": { id: "color-contrast", title: "Contrast is sufficient", score: 1 },
      label: { id: "label", title: "Form elements have labels", score: null },
    },
    ...overrides,
  };
}

describe("findingsOf", () => {
  it("gives each category's score out of 100 and only the weighted audits that did not pass", () => {
    const findings = findingsOf("listing", "/products", report(), ["seo", "accessibility"]);
    expect(findings.scores).toEqual({ seo: 92, accessibility: 100 });
    expect(findings.failing).toEqual({
      seo: [{ id: "link-text", title: "Links do not have descriptive text", score: 0 }],
      accessibility: [],
    });
    expect(findings.problem).toBeUndefined();
  });

  it("keeps the simulated metrics behind the performance score", () => {
    const withMetrics = report({
      audits: {
        ...report().audits,
        "largest-contentful-paint": {
          id: "largest-contentful-paint",
          title: "Largest Contentful Paint",
          score: 0.9,
          numericValue: 2412.3456,
        },
        "cumulative-layout-shift": {
          id: "cumulative-layout-shift",
          title: "Cumulative Layout Shift",
          score: 1,
          numericValue: 0.01234,
        },
      },
    });
    expect(findingsOf("listing", "/products", withMetrics, ["performance"]).metrics).toEqual({
      "largest-contentful-paint": 2412.346,
      "cumulative-layout-shift": 0.012,
    });
    expect(findingsOf("listing", "/products", withMetrics, ["seo"]).metrics).toBeUndefined();
  });

  it("reports a category Lighthouse could not score as null", () => {
    const findings = findingsOf("listing", "/products", report(), ["best-practices"]);
    expect(findings.scores).toEqual({ "best-practices": null });
  });

  it("names the page it ended on when a redirect took it elsewhere", () => {
    const findings = findingsOf(
      "cart",
      "/cart",
      report({ finalDisplayedUrl: "http://127.0.0.1:4000/auth?redirectTo=%2Fcart" }),
      ["seo"],
    );
    expect(findings.problem).toBe("ended on /auth instead of /cart");
  });

  it("names the runtime error of a page that did not load", () => {
    const findings = findingsOf(
      "cart",
      "/cart",
      report({ runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "status code: 500" } }),
      ["seo"],
    );
    expect(findings.problem).toBe("ERRORED_DOCUMENT_REQUEST: status code: 500");
  });
});

describe("shortfalls", () => {
  it("names the page, the category, the score and each failing audit's id and title", () => {
    const findings = findingsOf("listing", "/products", report(), ["seo", "accessibility"]);
    expect(shortfalls([findings], ["seo", "accessibility"])).toEqual([
      "listing (/products) seo 92/100, failing audits:\n    - link-text: Links do not have descriptive text",
    ]);
  });

  it("has nothing to say when every category is at 100", () => {
    const findings = findingsOf("listing", "/products", report(), ["accessibility"]);
    expect(shortfalls([findings], ["accessibility"])).toEqual([]);
  });

  it("does not pass a page whose score rounds to 100 while a weighted audit fails", () => {
    const nearlyAll = report({
      categories: {
        seo: { score: 0.996, auditRefs: [{ id: "link-text", weight: 1 }] },
      },
    });
    const findings = findingsOf("listing", "/products", nearlyAll, ["seo"]);
    expect(shortfalls([findings], ["seo"])).toEqual([
      "listing (/products) seo 100/100, failing audits:\n    - link-text: Links do not have descriptive text",
    ]);
  });

  it("says a page that could not be judged failed, with the reason", () => {
    const findings = findingsOf(
      "checkout",
      "/checkout",
      report({ finalDisplayedUrl: "http://127.0.0.1:4000/cart" }),
      ["seo"],
    );
    expect(shortfalls([findings], ["seo"])).toEqual([
      "checkout (/checkout): ended on /cart instead of /checkout",
    ]);
  });

  it("says so when a category below 100 names no audit", () => {
    const findings = findingsOf("listing", "/products", report(), ["best-practices"]);
    expect(shortfalls([findings], ["best-practices"])[0]).toBe(
      "listing (/products) best-practices not scored/100, failing audits:\n    (no failing audit named: the category could not be scored)",
    );
  });
});

describe("belowHundred", () => {
  it("holds a category at 100 only when its score is 100 and no weighted audit failed", () => {
    const findings = findingsOf("listing", "/products", report(), ["seo", "accessibility"]);
    expect(belowHundred(findings, "seo")).toBe(true);
    expect(belowHundred(findings, "accessibility")).toBe(false);
  });

  it("counts every category of a page that could not be judged as below 100", () => {
    const findings = findingsOf(
      "cart",
      "/cart",
      report({ finalDisplayedUrl: "http://127.0.0.1:4000/auth" }),
      ["accessibility"],
    );
    expect(belowHundred(findings, "accessibility")).toBe(true);
  });
});
