/**
 * A Playwright `test` that fails when a page breaks the Content-Security-Policy or React's
 * hydration, two faults a shopper never reports but the browser's console always shows.
 *
 *   import { expect, test } from "./console-guard";
 *
 * Every page of the test's own `context` (and so `page`) is watched from its first script. A
 * context the test opens itself (`browser.newContext()`) is watched after
 * `await consoleGuard.watch(context)`. At teardown the test fails, listing each message, if any
 * watched page logged a CSP violation or a hydration error.
 */
import {
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
} from "@playwright/test";

export { expect };

export type ConsoleGuard = {
  /** Watches a context the test opened itself; its pages are checked at teardown too. */
  watch(context: BrowserContext): Promise<void>;
};

const CSP_VIOLATION = /Refused to|Content Security Policy/i;
// React's production builds name errors by number: 418 text, 423 recoverable root, 425 text.
const HYDRATION_ERROR =
  /Minified React error #(418|423|425)\b|Hydration|hydrat(ed|ing) but|did not match/i;

export function isGuardedProblem(text: string) {
  return CSP_VIOLATION.test(text) || HYDRATION_ERROR.test(text);
}

/**
 * Chromium logs a blocked resource to the console, but a violation of a report-only or worker
 * policy can be quiet: the page's own `securitypolicyviolation` event is logged as well.
 */
function reportViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`,
    );
  });
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const where = (page: Page | null) => (page ? ` on ${page.url()}` : "");
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        if (isGuardedProblem(message.text())) {
          problems.push(`console.${message.type()}${where(message.page())}: ${message.text()}`);
        }
      };
      const watch = async (watched: BrowserContext) => {
        await watched.addInitScript(reportViolations);
        watched.on("console", onConsole);
        watched.on("weberror", (error) => {
          const text = `${error.error().message}\n${error.error().stack ?? ""}`;
          if (isGuardedProblem(text)) {
            problems.push(`page error${where(error.page())}: ${error.error().message}`);
          }
        });
      };
      await watch(context);
      await use({ watch });
      expect(problems, "CSP violations or hydration errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});
