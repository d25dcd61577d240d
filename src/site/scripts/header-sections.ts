import { basePath } from "@common/languages";
import { smoothScrollTo } from "~/lib/smooth-scroll";

/**
 * Links to landing-page sections (`a[data-section]`, header, drawer and footer;
 * docs/product.md#2-pages "Header and footer"): on the home page (`/`, `/es/`) a click smooth
 * scrolls to the section with its documented offset and puts `#section` in the address; from
 * any other page the link simply loads the home page with the hash, and the home page, once its
 * web font is in (so line breaks and offsets are final), scrolls there the same way.
 * A click with a modifier key or another button keeps the browser's behaviour (new tab, …).
 */

/**
 * Wires the section links of `root` (by delegation) and scrolls to the address's section on
 * arrival at the home page.
 * @returns a function that removes the listener
 */
export function initSectionLinks(root: Document = document): () => void {
  const view = root.defaultView ?? window;
  const onHome = () => basePath(view.location.pathname) === "/";
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-section]");
    const section = link?.dataset.section;
    if (!section || !onHome()) return;
    event.preventDefault();
    view.history.replaceState(view.history.state, "", `#${section}`);
    smoothScrollTo(section);
  };
  root.addEventListener("click", onClick);

  const arrival = decodeURIComponent(view.location.hash.replace(/^#/, ""));
  if (arrival && onHome()) {
    const fontsReady = root.fonts?.ready ?? Promise.resolve();
    void fontsReady.then(() => smoothScrollTo(arrival));
  }
  return () => root.removeEventListener("click", onClick);
}
