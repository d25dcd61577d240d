import { requestIslandLoad } from "../directives/interaction-events";
import { DIALOG_TRIGGER_SELECTOR, isDialogName, openDialog } from "../stores/dialogs";

/**
 * The buttons of the static pages that open a dialog (docs/product.md#2-pages): pricing's Get
 * Started (with its plan), the Staff Different card and its Apply button (Jobs), the Sign In
 * menu's Events, the calculator's and the login portals' Get Started. Each is marked in the HTML:
 *
 *   <button type="button" aria-haspopup="dialog" data-dialog-trigger="get-started" data-plan="Optimal">
 *
 * (`data-dialog-trigger` is `get-started`, `jobs` or `events`; `data-plan` only for Get Started).
 * One listener on `document` sets the dialog store (stores/dialogs.ts) and asks the dialogs island
 * (`client:interaction`, islands/dialogs) to load; once live, the island opens what the store says.
 * No framework: this runs in the first load of every page.
 */

/**
 * Handles a click on (or inside) a trigger: opens its dialog in the store and wakes the island.
 * Clicks elsewhere, and triggers naming an unknown dialog, are left alone.
 * @returns true when the click was a trigger's
 */
export function handleTriggerClick(event: Event): boolean {
  const target = event.target;
  const trigger = target instanceof Element ? target.closest<HTMLElement>(DIALOG_TRIGGER_SELECTOR) : null;
  if (!trigger) return false;
  const dialog = trigger.dataset.dialogTrigger;
  if (!isDialogName(dialog)) {
    console.error(`Unknown dialog "${dialog}" on`, trigger);
    return false;
  }
  // A trigger may be a link with a fallback href: the dialog replaces the navigation.
  event.preventDefault();
  openDialog(dialog, trigger.dataset.plan);
  requestIslandLoad(trigger);
  return true;
}

document.addEventListener("click", handleTriggerClick);
