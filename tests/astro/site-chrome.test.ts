import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../src/client/locales/en";
import { es } from "../../src/client/locales/es";
import { PRIVACY_NOTICE_PATHS } from "../../src/common/privacy";
import { initHeaderDrawer } from "../../src/site/scripts/header-drawer";
import { initLanguageChoices } from "../../src/site/scripts/header-language";
import { initHeaderMenus } from "../../src/site/scripts/header-menus";
import { initSectionLinks } from "../../src/site/scripts/header-sections";
import { showChrome } from "./chrome";

/**
 * The site's one header and footer (SiteHeader.astro, SiteFooter.astro; ADR 0080), rendered by
 * Astro's container API, with the page scripts that wire them (src/site/scripts): every language
 * switch names each language in itself with its `lang` (WCAG 2.2 SC 3.1.2), the language menu
 * and drawer switch to the page's twin, and a section link on the home page scrolls instead of
 * jumping (docs/product.md#2-pages "Header and footer").
 */
const OWN_NAMES = [
  ["English", "en"],
  ["Español", "es"],
];

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
  vi.restoreAllMocks();
});

const namesOf = (elements: Iterable<Element>) =>
  [...elements].map((element) => [element.textContent?.trim(), element.getAttribute("lang")]);

describe.each(["en", "es"] as const)("on a page in %s", (language) => {
  beforeEach(() => showChrome(language));

  it("starts with the skip link, and the footer links to the privacy notice in the page's language", () => {
    // docs/product.md#11-lead-attribution-and-privacy-notice: the notice is reachable from every page.
    const texts = language === "es" ? es : en;
    const [first] = document.querySelectorAll("a");
    expect(first?.textContent?.trim()).toBe(texts.common.skipToContent);
    expect(first?.getAttribute("href")).toBe("#main");
    const links = [...document.querySelectorAll("footer a")].filter(
      (link) => link.textContent?.trim() === texts.landing.footer.privacy,
    );
    expect(links.map((link) => link.getAttribute("href"))).toEqual([PRIVACY_NOTICE_PATHS[language]]);
  });

  it("the footer's select names each language in itself, the page's chosen", () => {
    const select = document.querySelector<HTMLSelectElement>("footer select") as HTMLSelectElement;
    expect(namesOf(select.options)).toEqual(OWN_NAMES);
    expect(select.value).toBe(language);
  });

  it("the header's language menu names each language in itself and marks the page's", async () => {
    cleanups.push(initHeaderMenus(document));
    const user = userEvent.setup();
    const trigger = document.querySelector<HTMLElement>('[data-menu-trigger][aria-label*="—"]');
    expect(trigger?.getAttribute("aria-label")).toMatch(new RegExp(`^${language.toUpperCase()} — `));
    await user.click(trigger as HTMLElement);
    const items = document.querySelectorAll('[role="menu"] [role="menuitemradio"]');
    expect(namesOf(items)).toEqual(OWN_NAMES);
    expect([...items].map((item) => item.getAttribute("aria-checked"))).toEqual(
      OWN_NAMES.map(([, lang]) => String(lang === language)),
    );
  });

  it("the drawer names each language in itself; the other one switches, the page's does nothing", async () => {
    const chosen: string[] = [];
    cleanups.push(
      initHeaderDrawer(document),
      initLanguageChoices(document, (choice) => chosen.push(choice)),
    );
    const user = userEvent.setup();
    await user.click(document.querySelector("[data-drawer-trigger]") as HTMLElement);
    expect(namesOf(document.querySelectorAll('[role="dialog"] [data-language]'))).toEqual(OWN_NAMES);
    await user.click(document.querySelector(`[role="dialog"] [data-language="${language}"]`) as HTMLElement);
    expect(chosen).toEqual([]);
    await user.click(document.querySelector("[data-drawer-trigger]") as HTMLElement);
    const other = language === "es" ? "en" : "es";
    await user.click(document.querySelector(`[role="dialog"] [data-language="${other}"]`) as HTMLElement);
    expect(chosen).toEqual([other]);
  });

  it("a section link on the home page scrolls to its section and moves focus there, no jump", async () => {
    cleanups.push(initSectionLinks(document));
    window.history.replaceState(null, "", language === "es" ? "/es/" : "/");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const user = userEvent.setup();
    const link = document.querySelector<HTMLAnchorElement>('header a[data-section="pricing"]');
    expect(link?.getAttribute("href")).toBe(language === "es" ? "/es/#pricing" : "/#pricing");
    await user.click(link as HTMLAnchorElement);
    expect(window.location.hash).toBe("#pricing");
    expect(document.activeElement?.id).toBe("pricing");
    // jsdom lays nothing out: the scroll starts at the section's offset at once (0 − 10 → 0).
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalled());
  });
});
