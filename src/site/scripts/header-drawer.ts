/**
 * The header's mobile drawer (below the `lg` breakpoint; docs/product.md#2-pages "Header and
 * footer"), with no framework, behaving as the Radix Dialog sheet it replaces:
 * - its trigger is `button[data-drawer-trigger="<template id>"]`; the `<template>` holds the
 *   overlay and the `role="dialog"` panel, put into `<body>` while open and removed when closed;
 * - opening makes the rest of the page inert (out of reach of focus, pointer and screen readers),
 *   locks the page's scroll (keeping its width: the scrollbar's gap is padded) and focuses the
 *   panel itself, so a screen reader announces the menu by its title and the first Tab reaches its
 *   first link (Radix focused the first control that was not a link: the Events button, whose
 *   focus would now load the dialogs' React island with no intent to open it); Tab and Shift+Tab
 *   wrap inside the panel;
 * - Escape, the close button (`[data-drawer-close]`) and a press on the overlay close it and give
 *   focus back to the trigger; following a link closes it (the link's page or section takes
 *   focus), and so does a button that opens a dialog (`[data-dialog-trigger]`), focus back on the
 *   trigger so the dialog returns it there.
 */

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Wires every `[data-drawer-trigger]` of `root`.
 * @returns a function that closes an open drawer and removes every listener (tests, page swaps)
 */
export function initHeaderDrawer(root: Document = document): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let close: ((returnFocus: boolean) => void) | null = null;

  function open(trigger: HTMLButtonElement) {
    if (close) return;
    const template = root.getElementById(trigger.dataset.drawerTrigger ?? "");
    if (!(template instanceof HTMLTemplateElement)) return;
    const portal = root.createElement("div");
    portal.dataset.drawerPortal = "";
    portal.append(template.content.cloneNode(true));
    const panel = portal.querySelector<HTMLElement>('[role="dialog"]');
    if (!panel) return;
    panel.id = `${template.id}-content`;

    // The rest of the page leaves reach; only what this drawer made inert is given back.
    const madeInert = [...root.body.children].filter((element) => !element.hasAttribute("inert"));
    for (const element of madeInert) element.setAttribute("inert", "");
    root.body.append(portal);

    // Scroll lock: no scrolling behind the drawer, and no layout shift from the vanished scrollbar.
    const body = root.body;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const gap = (root.defaultView?.innerWidth ?? 0) - root.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (gap > 0) body.style.paddingRight = `${gap}px`;
    body.dataset.scrollLocked = "1";

    trigger.setAttribute("aria-expanded", "true");
    trigger.dataset.state = "open";
    trigger.setAttribute("aria-controls", panel.id);

    const tabbables = () => [...panel.querySelectorAll<HTMLElement>(TABBABLE)];

    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close?.(true);
      } else if (event.key === "Tab") {
        const all = tabbables();
        const first = all[0];
        const last = all.at(-1);
        if (!first || !last) return event.preventDefault();
        const active = root.activeElement;
        if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    root.addEventListener("keydown", onKey);

    portal.addEventListener("pointerdown", (event) => {
      if ((event.target as Element).closest("[data-drawer-overlay]")) close?.(true);
    });
    // This runs before the page's own handlers of the same click (section scroll, dialog opener).
    panel.addEventListener("click", (event) => {
      const target = event.target as Element;
      if (target.closest("[data-drawer-close]")) close?.(true);
      else if (target.closest("[data-dialog-trigger]")) close?.(true);
      else if (target.closest("a[href]")) close?.(false);
    });

    close = (returnFocus: boolean) => {
      close = null;
      root.removeEventListener("keydown", onKey);
      portal.remove();
      for (const element of madeInert) element.removeAttribute("inert");
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
      delete body.dataset.scrollLocked;
      trigger.setAttribute("aria-expanded", "false");
      trigger.dataset.state = "closed";
      trigger.removeAttribute("aria-controls");
      if (returnFocus) trigger.focus({ preventScroll: true });
    };

    panel.focus({ preventScroll: true });
  }

  for (const trigger of root.querySelectorAll<HTMLButtonElement>("button[data-drawer-trigger]")) {
    trigger.addEventListener("click", () => open(trigger), { signal });
  }

  return () => {
    close?.(false);
    controller.abort();
  };
}
