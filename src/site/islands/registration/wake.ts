import { PENDING_STORAGE_KEY } from "~/features/retailer-demo/pending-storage-key";
import { requestIslandLoad } from "../../directives/interaction-events";
import { REGISTRATION_WAKE_SELECTOR } from "./wake-selector";

/**
 * Registrations captured offline are resent when a registration page loads (docs/product.md#8-messages,
 * ADR 0006), which the registration island does once hydrated: when some wait, this script
 * (framework-free, in the page's first load) hydrates the island with the page instead of on
 * first interaction.
 */

/**
 * True when registrations saved offline wait to be resent.
 * @param local the local storage, or null where it is blocked
 */
export function registrationsPending(local: Pick<Storage, "getItem"> | null): boolean {
  try {
    return Boolean(local?.getItem(PENDING_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** The local storage, or null when the browser blocks it (reading the property can throw). */
function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Asks the island to hydrate now when registrationsPending says so; called by the page's script. */
export function wakeRegistrationIfNeeded(): void {
  const marker = document.querySelector(REGISTRATION_WAKE_SELECTOR);
  if (marker && registrationsPending(localStore())) requestIslandLoad(marker);
}
