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
