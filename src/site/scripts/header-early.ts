/**
 * A press on a header menu or drawer button before the header's script has run (a slow phone:
 * the page shows before its scripts are in) is not lost: a few bytes of inline script in
 * SiteHeader.astro mark the pressed button `data-header-pending` until the document is marked
 * `data-header-live`; once the header's behaviour is wired, {@link replayEarlyPress} presses
 * that button again, opening what the visitor asked for.
 */

/** Marks the header live (the inline catcher stops) and presses again the button pressed before. */
export function replayEarlyPress(root: Document = document): void {
  root.documentElement.setAttribute("data-header-live", "");
  const pending = [...root.querySelectorAll<HTMLElement>("[data-header-pending]")];
  for (const element of pending) element.removeAttribute("data-header-pending");
  // The last press is what the visitor wants now.
  pending.at(-1)?.click();
}
