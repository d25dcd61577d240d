import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 AA tags every axe scan of the e2e suite runs. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe on `page` with the WCAG 2.2 AA tags plus `label-content-name-mismatch` (WCAG 2.5.3 Label
 * in Name), which axe ships as experimental and runs only when asked (issue #12).
 */
export function axe(page: Page): AxeBuilder {
  return (
    new AxeBuilder({ page })
      // Before withTags: options() replaces the whole options object, runOnly included.
      .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
      .withTags(WCAG_22_AA)
  );
}

/** The violations of an {@link axe} scan as "rule: targets" lines (empty when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
