import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initHeaderDrawer } from "../../src/site/scripts/header-drawer";
import { replayEarlyPress } from "../../src/site/scripts/header-early";
import { initLanguageChoices, initLanguageSelect } from "../../src/site/scripts/header-language";
import { initHeaderMenus } from "../../src/site/scripts/header-menus";
import { initSectionLinks } from "../../src/site/scripts/header-sections";

/**
 * The public site header's framework-free scripts (src/site/scripts/header-*.ts) against the
 * markup SiteHeader.astro / SiteFooter.astro render (the attributes the scripts rely on, in a
 * shortened copy): dropdown menus, mobile drawer, language choices and section links behave as
 * the Radix-based React header did (docs/product.md#2-pages "Header and footer", #9-constants).
 */

const MARKUP = `
<header>
  <nav aria-label="Main">
    <a href="/#pricing" data-section="pricing">Pricing</a>
    <button type="button" id="dev-trigger" aria-haspopup="menu" aria-expanded="false" data-state="closed"
      data-menu-trigger="dev-menu" data-menu-align="start">Developers</button>
  </nav>
  <button type="button" id="sign-in-trigger" aria-haspopup="menu" aria-expanded="false" data-state="closed"
    data-menu-trigger="sign-in-menu" data-menu-align="end">Sign In</button>
  <button type="button" aria-label="Open menu" aria-haspopup="dialog" aria-expanded="false" data-state="closed"
    data-drawer-trigger="drawer">Menu</button>
  <template id="dev-menu">
    <div role="menu" aria-labelledby="dev-trigger" tabindex="-1">
      <a role="menuitem" tabindex="-1" href="/developer-api-login">API</a>
      <a role="menuitem" tabindex="-1" href="/documentation-login">Documentation</a>
      <a role="menuitem" tabindex="-1" href="/developer-sdk-login">SDK</a>
    </div>
  </template>
  <template id="sign-in-menu">
    <div role="menu" aria-labelledby="sign-in-trigger" tabindex="-1">
      <a role="menuitem" tabindex="-1" href="/retailer-login">Retailer</a>
      <div role="menuitem" tabindex="-1" data-dialog-trigger="events">Events</div>
      <div role="group">
        <div role="menuitemradio" aria-checked="true" tabindex="-1" data-language="en">English</div>
        <div role="menuitemradio" aria-checked="false" tabindex="-1" data-language="es">Español</div>
      </div>
    </div>
  </template>
  <template id="drawer">
    <div data-drawer-overlay></div>
    <div role="dialog" aria-labelledby="drawer-title" tabindex="-1">
      <h2 id="drawer-title">Menu</h2>
      <nav aria-label="Main">
        <a href="/#industries" data-section="industries">Industries</a>
        <a href="/calculator">Calculator</a>
        <button type="button" data-dialog-trigger="events">Events</button>
        <button type="button" aria-pressed="true" data-language="en">English</button>
        <button type="button" aria-pressed="false" data-language="es">Español</button>
      </nav>
      <button type="button" aria-label="Close" data-drawer-close>×</button>
    </div>
  </template>
</header>
<main id="main"><section id="pricing">Plans</section></main>
<footer>
  <label for="footer-language">Language</label>
  <select id="footer-language" data-language-select="en">
    <option value="en" selected>English</option>
    <option value="es">Español</option>
  </select>
</footer>`;

let cleanups: (() => void)[] = [];

/** Puts the header markup on the page and wires `scripts`; `afterEach` unwires them. */
function setUp(...scripts: ((root: Document) => () => void)[]) {
  document.body.innerHTML = MARKUP;
  cleanups = scripts.map((init) => init(document));
}

afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  document.body.innerHTML = "";
  document.body.removeAttribute("style");
  document.documentElement.removeAttribute("data-header-live");
});

/** A mouse's pointer event (jsdom has no PointerEvent: a MouseEvent with the pointer's type). */
function mouse(type: string, target: HTMLElement) {
  const event = new MouseEvent(type, {
    bubbles: !type.endsWith("enter") && !type.endsWith("leave"),
    button: 0,
  });
  Object.defineProperty(event, "pointerType", { value: "mouse" });
  target.dispatchEvent(event);
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const menus = () => document.querySelectorAll('[role="menu"]');
const focused = () => document.activeElement?.textContent?.trim();

describe("header dropdown menus", () => {
  it("are not in the page until opened; Enter opens one on its first item, arrows move without wrapping, Escape closes it back to its trigger", async () => {
    setUp(initHeaderMenus);
    const user = userEvent.setup();
    const trigger = byId("dev-trigger");
    expect(menus()).toHaveLength(0);

    trigger.focus();
    await user.keyboard("{Enter}");
    const menu = document.querySelector<HTMLElement>('[role="menu"]');
    expect(menu).not.toBeNull();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(trigger.dataset.state).toBe("open");
    expect(trigger.getAttribute("aria-controls")).toBe(menu?.id);
    expect(focused()).toBe("API");
    expect(document.activeElement?.hasAttribute("data-highlighted")).toBe(true);

    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Documentation");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(focused()).toBe("SDK");
    await user.keyboard("{Home}");
    expect(focused()).toBe("API");
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe("API");
    await user.keyboard("s");
    expect(focused()).toBe("SDK");

    await user.keyboard("{Escape}");
    expect(menus()).toHaveLength(0);
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(trigger.dataset.state).toBe("closed");
    expect(trigger.hasAttribute("aria-controls")).toBe(false);
  });

  it("ArrowDown and Space on a trigger open its menu too; a second menu replaces the first", async () => {
    setUp(initHeaderMenus);
    const user = userEvent.setup();
    byId("dev-trigger").focus();
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("API");
    byId("sign-in-trigger").focus();
    // Focus left the Developers menu: it closed.
    expect(menus()).toHaveLength(0);
    await user.keyboard(" ");
    expect(menus()).toHaveLength(1);
    expect(focused()).toBe("Retailer");
    expect(byId("dev-trigger").getAttribute("aria-expanded")).toBe("false");
  });

  it("a press opens a menu with focus on it; a second press closes it; a press outside closes it, focus staying where it went", async () => {
    setUp(initHeaderMenus);
    const user = userEvent.setup();
    const trigger = byId("sign-in-trigger");
    await user.click(trigger);
    const menu = document.querySelector('[role="menu"]');
    expect(document.activeElement).toBe(menu);
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Retailer");

    await user.click(trigger);
    expect(menus()).toHaveLength(0);

    await user.click(trigger);
    expect(menus()).toHaveLength(1);
    await user.click(byId("pricing"));
    expect(menus()).toHaveLength(0);
    expect(document.activeElement).not.toBe(trigger);
  });

  it("Enter on an item clicks it (the dialog opener hears it) and closes the menu, focus back on the trigger", async () => {
    setUp(initHeaderMenus);
    const user = userEvent.setup();
    const opened: string[] = [];
    const listen = (event: MouseEvent) => {
      const opener = (event.target as Element).closest<HTMLElement>("[data-dialog-trigger]");
      if (opener?.dataset.dialogTrigger) opened.push(opener.dataset.dialogTrigger);
    };
    document.addEventListener("click", listen);
    try {
      byId("sign-in-trigger").focus();
      await user.keyboard("{Enter}{ArrowDown}");
      expect(focused()).toBe("Events");
      await user.keyboard("{Enter}");
      expect(opened).toEqual(["events"]);
      expect(menus()).toHaveLength(0);
      expect(document.activeElement).toBe(byId("sign-in-trigger"));
    } finally {
      document.removeEventListener("click", listen);
    }
  });

  it("Tab closes the menu and gives focus back to its trigger", async () => {
    setUp(initHeaderMenus);
    const user = userEvent.setup();
    byId("dev-trigger").focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Tab}");
    expect(menus()).toHaveLength(0);
    expect(byId("dev-trigger").getAttribute("aria-expanded")).toBe("false");
  });

  it("a resting mouse opens a menu after 100 ms, not before; leaving closes it after 200 ms; a press keeps it open", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    setUp(initHeaderMenus);
    const trigger = byId("dev-trigger");

    mouse("pointerenter", trigger);
    vi.advanceTimersByTime(99);
    expect(menus()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(menus()).toHaveLength(1);

    mouse("pointerleave", trigger);
    vi.advanceTimersByTime(199);
    expect(menus()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(menus()).toHaveLength(0);

    // Moving from the trigger onto the menu keeps it open.
    mouse("pointerenter", trigger);
    vi.advanceTimersByTime(100);
    mouse("pointerleave", trigger);
    mouse("pointerenter", document.querySelector('[role="menu"]') as HTMLElement);
    vi.advanceTimersByTime(1000);
    expect(menus()).toHaveLength(1);
    mouse("pointerleave", document.querySelector('[role="menu"]') as HTMLElement);
    vi.advanceTimersByTime(200);
    expect(menus()).toHaveLength(0);

    // A press on a menu the hover opened keeps it open, also after the mouse leaves.
    mouse("pointerenter", trigger);
    vi.advanceTimersByTime(100);
    mouse("pointerdown", trigger);
    mouse("pointerleave", trigger);
    vi.advanceTimersByTime(1000);
    expect(menus()).toHaveLength(1);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("a press before the header's script ran", () => {
  it("is pressed again once it has: the drawer pressed last opens, and the header is marked live", () => {
    setUp(initHeaderMenus, initHeaderDrawer);
    byId("dev-trigger").setAttribute("data-header-pending", "");
    document.querySelector("[data-drawer-trigger]")?.setAttribute("data-header-pending", "");
    replayEarlyPress(document);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.querySelector("[data-header-pending]")).toBeNull();
    expect(document.documentElement.hasAttribute("data-header-live")).toBe(true);
  });

  it("on a menu button opens its menu on the first item", () => {
    setUp(initHeaderMenus);
    byId("sign-in-trigger").setAttribute("data-header-pending", "");
    replayEarlyPress(document);
    expect(menus()).toHaveLength(1);
    expect(focused()).toBe("Retailer");
  });
});

describe("mobile drawer", () => {
  it("opens as a named dialog with focus on it, makes the page inert, locks scroll, keeps Tab inside, and Escape closes it back to its trigger", async () => {
    setUp(initHeaderDrawer);
    const user = userEvent.setup();
    const trigger = document.querySelector<HTMLElement>("[data-drawer-trigger]") as HTMLElement;
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await user.click(trigger);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]') as HTMLElement;
    expect(byId(dialog.getAttribute("aria-labelledby") ?? "").textContent).toBe("Menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(trigger.getAttribute("aria-controls")).toBe(dialog.id);
    expect(document.activeElement).toBe(dialog);
    expect(document.querySelector("header")?.hasAttribute("inert")).toBe(true);
    expect(document.querySelector("main")?.hasAttribute("inert")).toBe(true);
    expect(dialog.closest("[inert]")).toBeNull();
    expect(document.body.style.overflow).toBe("hidden");

    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close");
    await user.keyboard("{Tab}");
    expect(focused()).toBe("Industries");
    await user.keyboard("{Tab}{Tab}{Tab}{Tab}{Tab}");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close");
    await user.keyboard("{Tab}");
    expect(focused()).toBe("Industries");
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close");

    await user.keyboard("{Escape}");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(document.querySelector("[inert]")).toBeNull();
    expect(document.body.style.overflow).toBe("");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on its close button, on the overlay, on a link, and before a dialog opener's click reaches the page", async () => {
    setUp(initHeaderDrawer);
    const user = userEvent.setup();
    const trigger = document.querySelector<HTMLElement>("[data-drawer-trigger]") as HTMLElement;
    const open = () => document.querySelector('[role="dialog"]');

    await user.click(trigger);
    await user.click(document.querySelector("[data-drawer-close]") as HTMLElement);
    expect(open()).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(document.querySelector("[data-drawer-overlay]") as HTMLElement);
    expect(open()).toBeNull();

    await user.click(trigger);
    const link = document.querySelector<HTMLAnchorElement>('[role="dialog"] a[href="/calculator"]');
    link?.addEventListener("click", (event) => event.preventDefault());
    await user.click(link as HTMLElement);
    expect(open()).toBeNull();
    expect(document.body.style.overflow).toBe("");

    await user.click(trigger);
    let stateWhenHeard: { open: boolean; inert: boolean } | null = null;
    const listen = () => {
      stateWhenHeard = { open: open() !== null, inert: document.querySelector("[inert]") !== null };
    };
    document.addEventListener("click", listen);
    try {
      await user.click(document.querySelector('[role="dialog"] [data-dialog-trigger]') as HTMLElement);
    } finally {
      document.removeEventListener("click", listen);
    }
    expect(stateWhenHeard).toEqual({ open: false, inert: false });
    expect(document.activeElement).toBe(trigger);
  });
});

describe("language choices", () => {
  it("the menu's and the drawer's other language switches; the current one does nothing", async () => {
    const chosen: string[] = [];
    setUp(initHeaderMenus, initHeaderDrawer, (root) =>
      initLanguageChoices(root, (language) => chosen.push(language)),
    );
    const user = userEvent.setup();
    byId("sign-in-trigger").focus();
    await user.keyboard("{Enter}{End}{Enter}");
    expect(chosen).toEqual(["es"]);

    await user.click(byId("sign-in-trigger"));
    await user.click(document.querySelector('[role="menuitemradio"][aria-checked="true"]') as HTMLElement);
    expect(chosen).toEqual(["es"]);

    await user.click(document.querySelector("[data-drawer-trigger]") as HTMLElement);
    await user.click(document.querySelector('[role="dialog"] [data-language="en"]') as HTMLElement);
    expect(chosen).toEqual(["es"]);
    await user.click(document.querySelector('[role="dialog"] [data-language="es"]') as HTMLElement);
    expect(chosen).toEqual(["es", "es"]);
  });

  it("the footer's select switches to the chosen language", async () => {
    const chosen: string[] = [];
    setUp((root) => initLanguageSelect(root, (language) => chosen.push(language)));
    const user = userEvent.setup();
    await user.selectOptions(byId("footer-language"), "es");
    expect(chosen).toEqual(["es"]);
    await user.selectOptions(byId("footer-language"), "en");
    expect(chosen).toEqual(["es"]);
  });
  it("acts on a footer choice made before the script ran, and on none when the select shows the page's language", () => {
    const chosen: string[] = [];
    document.body.innerHTML = MARKUP;
    (byId("footer-language") as HTMLSelectElement).value = "es";
    cleanups = [initLanguageSelect(document, (language) => chosen.push(language))];
    expect(chosen).toEqual(["es"]);

    cleanups[0]?.();
    document.body.innerHTML = MARKUP;
    cleanups = [initLanguageSelect(document, (language) => chosen.push(language))];
    expect(chosen).toEqual(["es"]);
  });
});

describe("section links", () => {
  it("on the home page scroll to their section (address updated, focus on the section); elsewhere they navigate", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce") }));
    window.history.replaceState(null, "", "/");
    setUp(initSectionLinks);
    const user = userEvent.setup();
    const link = document.querySelector<HTMLAnchorElement>('header a[data-section="pricing"]') as HTMLElement;

    await user.click(link);
    expect(window.location.hash).toBe("#pricing");
    expect(document.activeElement).toBe(byId("pricing"));
    expect(scrollTo).toHaveBeenCalled();

    window.history.replaceState(null, "", "/calculator");
    let prevented: boolean | null = null;
    const listen = (event: MouseEvent) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener("click", listen);
    try {
      await user.click(link);
    } finally {
      document.removeEventListener("click", listen);
      window.history.replaceState(null, "", "/");
    }
    expect(prevented).toBe(false);
  });
});
