import { SUBMENU_CLOSE_DELAY_MS, SUBMENU_OPEN_DELAY_MS } from "@common/limits";

/**
 * The header's dropdown menus (Developers, language, Sign In; docs/product.md#2-pages "Header
 * and footer"), with no framework, behaving as the Radix DropdownMenu they replace:
 * - a trigger is `button[data-menu-trigger="<template id>"][data-menu-align="start"|"end"]`; the
 *   menu is the first element of that `<template>` (`role="menu"` with `role="menuitem"` /
 *   `"menuitemradio"` items), put into `<body>` in a fixed-position wrapper 8 px under the trigger
 *   while open and removed when closed, as Radix's portal did (nothing hidden stays in the DOM);
 * - pointer press, Enter or Space toggles it; ArrowDown opens it on the first item; arrows,
 *   Home/End and typing a name move between items (no wrap); Enter or Space activates one;
 *   Escape, choosing an item and Tab close it and give focus back to the trigger; a press or
 *   focus outside closes it; one menu is open at a time;
 * - a resting mouse opens it after {@link SUBMENU_OPEN_DELAY_MS} (docs/product.md#9-constants); a menu opened that
 *   way closes {@link SUBMENU_CLOSE_DELAY_MS} after the mouse leaves trigger and menu, and a
 *   press on its trigger then keeps it open.
 * Items that open something (the Events dialog's `data-dialog-trigger`, a language) are handled
 * by their own scripts, on the same click that closes the menu.
 */

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';
/** Gap between trigger and menu, px (Radix sideOffset of components/ui/dropdown-menu.tsx). */
const SIDE_OFFSET = 8;
/** Typed letters within this many ms form one search (Radix's typeahead). */
const TYPEAHEAD_RESET_MS = 1000;

interface OpenMenu {
  trigger: HTMLButtonElement;
  wrapper: HTMLElement;
  content: HTMLElement;
  /** Opened by a resting mouse, not yet confirmed by a press: leaving closes it. */
  byHover: boolean;
}

type FocusTarget = "content" | "first" | "last";

/**
 * Wires every `[data-menu-trigger]` of `root`.
 * @returns a function that closes any open menu and removes every listener (tests, page swaps)
 */
export function initHeaderMenus(root: Document = document): () => void {
  let current: OpenMenu | null = null;
  let hoverTimer: number | undefined;
  let typeahead = { text: "", at: 0 };
  const controller = new AbortController();
  const { signal } = controller;
  const view = root.defaultView ?? window;

  const clearHover = () => view.clearTimeout(hoverTimer);
  const items = (menu: OpenMenu) => [...menu.content.querySelectorAll<HTMLElement>(ITEM_SELECTOR)];

  function place(menu: OpenMenu) {
    const box = menu.trigger.getBoundingClientRect();
    const width = menu.content.getBoundingClientRect().width;
    const align = menu.trigger.dataset.menuAlign === "end" ? "end" : "start";
    const left = align === "end" ? box.right - width : box.left;
    const x = Math.max(0, Math.min(left, root.documentElement.clientWidth - width));
    menu.wrapper.style.transform = `translate(${Math.round(x)}px, ${Math.round(box.bottom + SIDE_OFFSET)}px)`;
  }

  function focusItem(menu: OpenMenu, target: FocusTarget) {
    const all = items(menu);
    const item = target === "first" ? all[0] : target === "last" ? all.at(-1) : undefined;
    (item ?? menu.content).focus({ preventScroll: true });
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    const menu = current;
    if (!menu) return;
    current = null;
    clearHover();
    menu.wrapper.remove();
    menu.trigger.setAttribute("aria-expanded", "false");
    menu.trigger.dataset.state = "closed";
    menu.trigger.removeAttribute("aria-controls");
    if (returnFocus) menu.trigger.focus({ preventScroll: true });
  }

  function open(trigger: HTMLButtonElement, { byHover, focus }: { byHover: boolean; focus: FocusTarget }) {
    clearHover();
    if (current?.trigger === trigger) {
      current.byHover = current.byHover && byHover;
      if (focus !== "content") focusItem(current, focus);
      return;
    }
    close({ returnFocus: false });
    const template = root.getElementById(trigger.dataset.menuTrigger ?? "");
    const source = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
    if (!(source instanceof HTMLElement)) return;
    const content = source.cloneNode(true) as HTMLElement;
    content.id = `${template?.id}-content`;
    const wrapper = root.createElement("div");
    wrapper.dataset.menuWrapper = "";
    wrapper.style.cssText = "position: fixed; left: 0; top: 0; min-width: max-content; z-index: 50;";
    wrapper.append(content);
    root.body.append(wrapper);
    const menu: OpenMenu = { trigger, wrapper, content, byHover };
    current = menu;
    place(menu);
    trigger.setAttribute("aria-expanded", "true");
    trigger.dataset.state = "open";
    trigger.setAttribute("aria-controls", content.id);
    wireContent(menu);
    focusItem(menu, focus);
  }

  /** Closes the menu `delay` ms after the mouse left it, if a resting mouse opened it. */
  function leaveByMouse(event: PointerEvent) {
    clearHover();
    if (event.pointerType !== "mouse" || !current?.byHover) return;
    const menu = current;
    hoverTimer = view.setTimeout(() => {
      if (current === menu) close({ returnFocus: menu.content.contains(root.activeElement) });
    }, SUBMENU_CLOSE_DELAY_MS);
  }

  function wireContent(menu: OpenMenu) {
    const { content } = menu;
    content.addEventListener("pointerenter", clearHover);
    content.addEventListener("pointerleave", leaveByMouse);
    // The pointer highlights (focuses) the item under it, as Radix does.
    content.addEventListener("pointermove", (event) => {
      if (event.pointerType !== "mouse") return;
      const item = (event.target as Element).closest<HTMLElement>(ITEM_SELECTOR);
      if (item && root.activeElement !== item) item.focus({ preventScroll: true });
    });
    content.addEventListener("pointerout", (event) => {
      const item = (event.target as Element).closest<HTMLElement>(ITEM_SELECTOR);
      const to = event.relatedTarget as Node | null;
      if (event.pointerType === "mouse" && item && !item.contains(to) && root.activeElement === item) {
        content.focus({ preventScroll: true });
      }
    });
    content.addEventListener("focusin", (event) => {
      for (const item of items(menu)) item.toggleAttribute("data-highlighted", item === event.target);
    });
    content.addEventListener("focusout", (event) => {
      (event.target as Element).removeAttribute?.("data-highlighted");
    });
    // Choosing an item closes the menu first; the item's own handler (link, dialog, language) follows.
    content.addEventListener("click", (event) => {
      if ((event.target as Element).closest(ITEM_SELECTOR)) close({ returnFocus: true });
    });
    content.addEventListener("keydown", (event) => onContentKey(menu, event));
  }

  function onContentKey(menu: OpenMenu, event: KeyboardEvent) {
    const all = items(menu);
    const active = root.activeElement as HTMLElement | null;
    const index = active ? all.indexOf(active) : -1;
    const move = (to: HTMLElement | undefined) => {
      event.preventDefault();
      to?.focus({ preventScroll: true });
    };
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        close({ returnFocus: true });
        return;
      case "Tab":
        // Focus goes back to the trigger; the Tab then moves on from there.
        close({ returnFocus: true });
        return;
      case "ArrowDown":
        return move(index < 0 ? all[0] : all[Math.min(index + 1, all.length - 1)]);
      case "ArrowUp":
        return move(index < 0 ? all.at(-1) : all[Math.max(index - 1, 0)]);
      case "Home":
      case "PageUp":
        return move(all[0]);
      case "End":
      case "PageDown":
        return move(all.at(-1));
      case "Enter":
      case " ":
        // As Radix: the key "clicks" the item, whatever it is (link, dialog opener, language).
        if (index < 0) return;
        event.preventDefault();
        all[index]?.click();
        return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const now = Date.now();
      typeahead = {
        text: now - typeahead.at > TYPEAHEAD_RESET_MS ? event.key : typeahead.text + event.key,
        at: now,
      };
      const search = typeahead.text.toLowerCase();
      // From the item after the focused one (the focused one too once a search has two letters), wrapping.
      const start = search.length > 1 ? Math.max(index, 0) : index + 1;
      const ordered = [...all.slice(start), ...all.slice(0, start)];
      const match = ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(search));
      match?.focus({ preventScroll: true });
    }
  }

  for (const trigger of root.querySelectorAll<HTMLButtonElement>("button[data-menu-trigger]")) {
    trigger.addEventListener(
      "pointerdown",
      (event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        clearHover();
        if (current?.trigger === trigger) {
          // The hover already opened it: this press means "keep it open", not a toggle.
          if (current.byHover) current.byHover = false;
          else close({ returnFocus: true });
          event.preventDefault();
          return;
        }
        open(trigger, { byHover: false, focus: "content" });
        // Keep the press from moving focus to the trigger: the open menu has it.
        event.preventDefault();
      },
      { signal },
    );
    trigger.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (current?.trigger === trigger) close({ returnFocus: true });
          else open(trigger, { byHover: false, focus: "first" });
        } else if (event.key === "ArrowDown") {
          event.preventDefault();
          open(trigger, { byHover: false, focus: "first" });
        }
      },
      { signal },
    );
    // A click with no press before it (detail 0): an assistive technology's activation.
    trigger.addEventListener(
      "click",
      (event) => {
        if (event.detail !== 0) return;
        if (current?.trigger === trigger) close({ returnFocus: true });
        else open(trigger, { byHover: false, focus: "first" });
      },
      { signal },
    );
    trigger.addEventListener(
      "pointerenter",
      (event) => {
        clearHover();
        if (event.pointerType !== "mouse" || current?.trigger === trigger) return;
        hoverTimer = view.setTimeout(
          () => open(trigger, { byHover: true, focus: "content" }),
          SUBMENU_OPEN_DELAY_MS,
        );
      },
      { signal },
    );
    trigger.addEventListener("pointerleave", leaveByMouse, { signal });
  }

  // A press or focus anywhere but the open menu and its trigger closes it, focus staying there.
  const isInside = (target: EventTarget | null) =>
    !!current &&
    target instanceof Node &&
    (current.wrapper.contains(target) || current.trigger.contains(target));
  root.addEventListener(
    "pointerdown",
    (event) => {
      if (current && !isInside(event.target)) close({ returnFocus: false });
    },
    { capture: true, signal },
  );
  root.addEventListener(
    "focusin",
    (event) => {
      if (current && !isInside(event.target)) close({ returnFocus: false });
    },
    { signal },
  );
  const replace = () => {
    if (current) place(current);
  };
  view.addEventListener("resize", replace, { signal });
  view.addEventListener("scroll", replace, { passive: true, signal });

  return () => {
    close({ returnFocus: false });
    controller.abort();
  };
}
