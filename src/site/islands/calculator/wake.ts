import {
  CHANNEL_PARTNER_UNLOCKED_KEY,
  URL_MONTHS_PARAM,
  URL_TEXT_FIELDS,
} from "~/features/calculator/page-state-keys";
import { requestIslandLoad } from "../../directives/interaction-events";
import { CALCULATOR_WAKE_SELECTOR } from "./wake-selector";

/**
 * When the calculator island must hydrate with the page rather than on first interaction
 * (framework-free; runs in the page's first load). The static HTML shows the default figures,
 * which are right unless:
 * - the URL holds inputs (a shared link, ADR 0007): the island reads them and shows their figures;
 * - this browser session gave the Channel Partner password: the island asks the server for the
 *   section again (ADR 0035).
 * Otherwise the island waits for a person to touch it (`client:interaction`).
 */

/**
 * True when the calculator must hydrate at once (see the module comment).
 * @param search the page's query string, e.g. "?cartSize=52"
 * @param session the session storage, or null where it is blocked
 */
export function calculatorNeededAtOnce(search: string, session: Pick<Storage, "getItem"> | null): boolean {
  const params = new URLSearchParams(search);
  if ([...URL_TEXT_FIELDS, URL_MONTHS_PARAM].some((name) => params.has(name))) return true;
  try {
    return session?.getItem(CHANNEL_PARTNER_UNLOCKED_KEY) === "1";
  } catch {
    return false;
  }
}

/** The session storage, or null when the browser blocks it (reading the property can throw). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Asks the island to hydrate now when calculatorNeededAtOnce says so; called by the page's script. */
export function wakeCalculatorIfNeeded(): void {
  const marker = document.querySelector(CALCULATOR_WAKE_SELECTOR);
  if (marker && calculatorNeededAtOnce(window.location.search, sessionStore())) requestIslandLoad(marker);
}
