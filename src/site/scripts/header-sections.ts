import { basePath } from "@common/languages";
import { smoothScrollTo } from "~/lib/smooth-scroll";

/**
 * Links to landing-page sections (`a[data-section]`, header, drawer and footer;
 * docs/product.md#2-pages "Header and footer"): on the home page (`/`, `/es/`) a click smooth
 * scrolls to the section with its documented offset and puts `#section` in the address; from
 * any other page the link simply loads the home page with the hash, and the home page scrolls
 * there on arrival (its own script, landing-hash.ts).
 * A click with a modifier key or another button keeps the browser's behaviour (new tab, …).
 */

/**
 * Wires the section links of `root` (by delegation).
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
  return () => root.removeEventListener("click", onClick);
}
