import { inject } from "vitest";
import type { Language } from "../../src/common/languages";

/** The real header's and footer's HTML in each language (render-chrome.ts). */
export type RenderedChrome = Record<Language, { header: string; footer: string }>;

declare module "vitest" {
  export interface ProvidedContext {
    chrome: RenderedChrome;
  }
}

/**
 * Puts the real header, a landing page's `main` with its Pricing section, and the real footer of
 * `language` on the jsdom page.
 */
export function showChrome(language: Language): void {
  const { header, footer } = inject("chrome")[language];
  document.documentElement.lang = language;
  document.body.innerHTML = `${header}<main id="main"><section id="pricing">Plans</section></main>${footer}`;
}
