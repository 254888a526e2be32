// The accessibility check of the browser tests: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA
// rules, and the WCAG rules axe leaves out by default (EXTRA_RULES), on the whole page as it is
// shown (nothing excluded, no rule switched off), so whatever a page gains later is checked too.
// A failure lists every violation with the elements it found; it is soft, so one test that scans
// many pages reports every page that fails.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * WCAG rules axe tags "experimental", which the tags alone do not run: label-content-name-mismatch
 * is WCAG 2.5.3 (label in name, level A): a control's accessible name contains its visible text.
 */
export const EXTRA_RULES = ["label-content-name-mismatch"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One violation as a reader of the test output needs it: rule, impact, help, then each element. */
export function describeViolation(v: Violation): string {
  const nodes = v.nodes.map(
    (n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n\s*/g, "; ") ?? ""}`,
  );
  return `${v.id} (${v.impact ?? "?"}, ${v.nodes.length} ${v.nodes.length === 1 ? "element" : "elements"}): ${v.help}\n    ${v.helpUrl}\n${nodes.join("\n")}`;
}

/** axe's violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page })
    // Options first: withTags adds runOnly to them. A rule enabled by name runs whatever its tags.
    // resultTypes: every rule still runs on every element, but axe describes (a CSS selector and
    // the HTML of each element) only the violations, not the thousands of elements that pass:
    // most of a scan's time on a large page, and nothing this check reads.
    .options({
      rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
      resultTypes: ["violations"],
    })
    .withTags(WCAG_TAGS)
    // axe.run in the page itself. The default mode runs axe on each frame, carries every element's
    // result of every rule (passes too) out of the page, and opens a blank page of its own to
    // put them together: on the accessibility spec, 240 CPU-seconds against 168 for this mode
    // (measured). It reads same-origin frames alike; the app shows no other origin's frames.
    .setLegacyMode(true)
    .analyze();
  return violations;
}

/** Runs axe on the page as it is now and fails with a readable list when anything is found. */
export async function expectNoAxeViolations(page: Page, what = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect.soft(violations.length, `axe on ${what}:\n${violations.map(describeViolation).join("\n")}`).toBe(0);
}
