import {
  CHANNEL_PARTNER_UNLOCKED_KEY,
  URL_MONTHS_PARAM,
  URL_TEXT_FIELDS,
} from "~/features/calculator/page-state-keys";
import { requestIslandLoad } from "../../directives/interaction-events";
import { CALCULATOR_WAKE_SELECTOR } from "./wake-selector";

/**
 * What the calculator needs at the page's load (framework-free; runs in the page's first load).
 * The static HTML shows the default figures, which are right unless:
 * - the URL holds inputs (a shared link, ADR 0007): the page's script paints the link's figures
 *   into the static HTML (./paint.ts, loaded for such a link only), and the island still
 *   hydrates on first interaction (ADR 0068);
 * - this browser session gave the Channel Partner password: the island hydrates at once, to ask
 *   the server for the section again (ADR 0035); it reads a link's inputs itself.
 * Otherwise the island waits for a person to touch it (`client:interaction`).
 */

/** At load: hydrate the island now, paint a shared link's figures, or wait for an interaction. */
export type CalculatorAtLoad = "hydrate" | "paint" | "wait";

/**
 * What the calculator needs at load (see the module comment).
 * @param search the page's query string, e.g. "?cartSize=52"
 * @param session the session storage, or null where it is blocked
 */
export function calculatorAtLoad(search: string, session: Pick<Storage, "getItem"> | null): CalculatorAtLoad {
  try {
    if (session?.getItem(CHANNEL_PARTNER_UNLOCKED_KEY) === "1") return "hydrate";
  } catch {
    // storage blocked: no hint
  }
  const params = new URLSearchParams(search);
  return [...URL_TEXT_FIELDS, URL_MONTHS_PARAM].some((name) => params.has(name)) ? "paint" : "wait";
}

/** The session storage, or null when the browser blocks it (reading the property can throw). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Does what {@link calculatorAtLoad} says; called by the page's script. When the painter cannot
 * load (offline) or finds nothing to paint, the island hydrates at once instead, as it did before
 * ADR 0068, so a shared link never shows the default figures as its own.
 */
export function wakeCalculatorIfNeeded(): void {
  const marker = document.querySelector(CALCULATOR_WAKE_SELECTOR);
  if (!marker) return;
  const need = calculatorAtLoad(window.location.search, sessionStore());
  if (need === "hydrate") requestIslandLoad(marker);
  if (need !== "paint") return;
  import("./paint").then(
    ({ paintCalculatorOnPage }) => {
      if (!paintCalculatorOnPage(marker)) requestIslandLoad(marker);
    },
    () => requestIslandLoad(marker),
  );
}
