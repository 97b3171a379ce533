import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The WCAG 2.1 A and AA violations axe rates serious or critical, one line per rule with the
 * elements it found. An element mid-transition (a toast fading in, a dialog scaling up) has a
 * contrast it never has at rest, so the audit waits for running animations to finish first (a
 * spinner that never ends is not waited for).
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (options.include ? builder.include(options.include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * WCAG 2.5.3 Label in Name: every control whose name is not its text (an `aria-label`) still
 * contains the words it shows, so a person who says or reads the visible label finds it. Axe keeps
 * this rule among its experimental ones, so it is asked for by name.
 */
export async function labelInNameViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules(["label-content-name-mismatch"])
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").pop()?.trim()}`),
  );
}
