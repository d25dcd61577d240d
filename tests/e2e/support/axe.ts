import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axeCore, { type AxeResults, type ContextSpec, type RunOptions } from "axe-core";

/** The WCAG 2.2 AA tags every axe scan of the e2e suite runs. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The options of every scan: the WCAG 2.2 AA tags plus `label-content-name-mismatch` (WCAG 2.5.3
 * Label in Name), which axe ships as experimental and runs only when asked.
 */
const OPTIONS: RunOptions = {
  rules: { "label-content-name-mismatch": { enabled: true } },
  runOnly: { type: "tag", values: WCAG_22_AA },
};

/**
 * axe-core's source, evaluated only where this release of axe is not loaded yet (a new document),
 * with the branding `@axe-core/playwright` gives its results' help links.
 */
const GUARDED_SOURCE = `if (window.axe?.version !== ${JSON.stringify(axeCore.version)}) {
${axeCore.source}
;window.axe.configure({ branding: { application: "playwright" } });
}`;

/**
 * One axe scan of a page (ADR 0062): `include()` narrows it to selectors, `analyze()` runs it.
 *
 * A document without frames is scanned by `axe.run` in the page, with axe loaded once per
 * document: the same rules and results as `@axe-core/playwright`'s `AxeBuilder`, which loads axe
 * anew on every scan and finishes each in a new blank tab (`axe.runPartial`/`axe.finishRun`, for
 * frames of other origins), about three times the time on the 2-core machine. A document with
 * frames (the Jobs board, the booking widget) is scanned by `AxeBuilder` itself, frames included.
 * Either way the scan first waits for the page's finite CSS transitions and animations to end.
 */
export class AxeScan {
  private readonly includes: string[] = [];

  constructor(private readonly page: Page) {}

  /** Scans only the elements matching `selector` (and their descendants); may be repeated. */
  include(selector: string): this {
    this.includes.push(selector);
    return this;
  }

  /**
   * Runs the scan.
   * @returns axe's results (violations, passes, incomplete, inapplicable)
   * @throws when axe throws in the page
   */
  async analyze(): Promise<AxeResults> {
    // The context AxeBuilder gives axe for the same includes.
    const context: { include?: string[]; exclude: string[] } = this.includes.length
      ? { include: this.includes, exclude: [] }
      : { exclude: [] };
    // The page at rest, as a person reads it: colours mid-transition (a badge turning from
    // Pending to Approved) are no colours anyone reads. Endless animations are left running.
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === "running" &&
              Number.isFinite(animation.effect?.getComputedTiming().endTime),
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await this.page.evaluate(GUARDED_SOURCE);
    const results: AxeResults | null = await this.page.evaluate(
      async ({ context, options }) => {
        const axe = (window as unknown as { axe: typeof axeCore }).axe;
        const spec = context as ContextSpec;
        // Frames need axe loaded in each of them: left to AxeBuilder (below).
        if (axe.utils.getFrameContexts(spec).length > 0) return null;
        return axe.run(spec, options as RunOptions);
      },
      { context, options: OPTIONS as Record<string, unknown> },
    );
    if (results) return results;
    const builder = new AxeBuilder({ page: this.page })
      // Before withTags: options() replaces the whole options object, runOnly included.
      .options({ rules: OPTIONS.rules })
      .withTags(WCAG_22_AA);
    for (const selector of this.includes) builder.include(selector);
    return builder.analyze();
  }
}

/** A WCAG 2.2 AA scan of `page`, Label in Name included ({@link AxeScan}). */
export function axe(page: Page): AxeScan {
  return new AxeScan(page);
}

/** The violations of an {@link axe} scan as "rule: targets" lines (empty when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
