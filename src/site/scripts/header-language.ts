import { isLanguage, type Language } from "@common/languages";
import { switchLanguage } from "~/lib/language-switch";

/**
 * The language choices of the header and footer (ADR 0022), with no framework: the language
 * menu's `menuitemradio`s and the drawer's buttons (`[data-language]`, the current one
 * `aria-checked`/`aria-pressed` "true"), and the footer's `select[data-language-select="<page
 * language>"]`. Choosing another language stores it in the `lang` cookie and loads this page in
 * it (lib/language-switch.ts, shared with the portal's React menus); the current one does nothing.
 */

/** What choosing a language does: {@link switchLanguage} (tests pass a recorder). */
type Choose = (language: Language) => void;

/**
 * Wires the menu items and drawer buttons of `root`, by delegation (they are added when opened).
 * @returns a function that removes the listener
 */
export function initLanguageChoices(root: Document = document, choose: Choose = switchLanguage): () => void {
  const onClick = (event: MouseEvent) => {
    const choice = (event.target as Element | null)?.closest<HTMLElement>("[data-language]");
    if (!choice || choice.tagName === "SELECT") return;
    const language = choice.dataset.language;
    const current =
      choice.getAttribute("aria-checked") === "true" || choice.getAttribute("aria-pressed") === "true";
    if (isLanguage(language) && !current) choose(language);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}

/**
 * Wires the footer's language selects of `root`.
 * @returns a function that removes the listeners
 */
export function initLanguageSelect(root: Document = document, choose: Choose = switchLanguage): () => void {
  const controller = new AbortController();
  const selects = [...root.querySelectorAll<HTMLSelectElement>("select[data-language-select]")];
  for (const select of selects) {
    select.addEventListener(
      "change",
      () => {
        const language = select.value;
        if (isLanguage(language) && language !== select.dataset.languageSelect) choose(language);
      },
      { signal: controller.signal },
    );
  }
  // A choice made before this script ran (the select is in the static HTML from first paint) is
  // acted on now; the select opts out of form restoration, so nothing else leaves it changed.
  const early = selects.find(
    (select) => isLanguage(select.value) && select.value !== select.dataset.languageSelect,
  );
  if (early) choose(early.value as Language);
  // Back to this page from the back/forward cache: the select shows the page's language again.
  root.defaultView?.addEventListener(
    "pageshow",
    (event) => {
      if (!event.persisted) return;
      for (const select of selects) select.value = select.dataset.languageSelect ?? select.value;
    },
    { signal: controller.signal },
  );
  return () => controller.abort();
}
