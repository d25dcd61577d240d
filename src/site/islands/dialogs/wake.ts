import { PENDING_LEADS_KEY } from "~/features/leads/api/pending-lead-key";
import { requestIslandLoad } from "../../directives/interaction-events";
import { DIALOG_TRIGGER_SELECTOR } from "../../stores/dialogs";

/**
 * Get Started leads captured offline are sent when the dialogs island loads (ADR 0081), which is
 * otherwise on the first press of a dialog button: when some wait, this framework-free check (in
 * the page's first load) asks the island to load with the page instead.
 */
export function wakeDialogsIfLeadsPending(): void {
  let pending = false;
  try {
    pending = Boolean(window.localStorage.getItem(PENDING_LEADS_KEY));
  } catch {
    // Storage blocked: nothing can have been saved there.
  }
  const trigger = document.querySelector(DIALOG_TRIGGER_SELECTOR);
  if (pending && trigger) requestIslandLoad(trigger);
}
