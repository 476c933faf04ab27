// axe-core as every e2e test runs it: what counts is a serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.2 AA and axe's best practices. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * The serious and critical violations axe finds on the page (or within `include`), one entry per
 * rule naming the elements and what fails, so an assertion's message says what to fix. Without
 * `tags`, every rule runs.
 *
 * Legacy mode runs axe in the page alone. The default runs it in each frame and assembles the
 * results in a new blank page: the same results here (the pages have no frames of their own) for
 * 2-4x the time (2026-11-26, same runs alternated: home 8-16 s against 4-5 s, the admin movie list
 * 5-28 s against 2-4 s), the slowest part of the e2e suite.
 */
export async function seriousViolations(
  page: Page,
  { include, tags }: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  if (tags) builder = builder.withTags(tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map((node) => `  ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`)
          .join("\n")}`,
    );
}
