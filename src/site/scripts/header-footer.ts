import { initLanguageSelect } from "./header-language";

/**
 * The site footer's script (SiteFooter.astro): the language select, and the copyright year.
 * The page is built once; a visitor in a later year sees her year, as the React footer showed.
 */
initLanguageSelect();

for (const line of document.querySelectorAll<HTMLElement>("[data-copyright-year]")) {
  const built = line.dataset.copyrightYear ?? "";
  const now = String(new Date().getFullYear());
  if (built && built !== now && line.textContent) line.textContent = line.textContent.replace(built, now);
}
