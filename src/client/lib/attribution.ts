import { type Attribution, attributionOf } from "@common/attribution";

/**
 * The visit's attribution on the client (docs/product.md#11-lead-attribution-and-privacy-notice):
 * the page shell calls {@link captureAttribution} on every page load; the first landing of the
 * visit (tab) is kept in sessionStorage, so the UTM parameters, the referrer and the landing path
 * of the page the visitor arrived on survive clicks to other pages, and the Get Started dialog
 * sends {@link readAttribution}'s result with the lead. Nothing leaves the browser otherwise, and
 * closing the tab forgets it. No storage (private mode, blocked): nothing is kept, nothing fails.
 */

/** The sessionStorage key of the visit's first landing. */
export const ATTRIBUTION_KEY = "aisleiq.attribution";

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records this page load as the visit's landing, unless the visit already has one: the UTM
 * parameters of `location.search`, `document.referrer` (cut to origin and path) and
 * `location.pathname`, each cleaned with the server's caps (src/common/attribution.ts). A
 * referrer from this same site is not a source and is left out.
 */
export function captureAttribution(): void {
  const store = storage();
  if (!store || typeof location === "undefined") return;
  try {
    if (store.getItem(ATTRIBUTION_KEY) !== null) return;
    const referrer = typeof document === "undefined" ? "" : document.referrer;
    const external = referrer && !referrer.startsWith(`${location.origin}/`) ? referrer : "";
    store.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify(attributionOf(location.search, external, location.pathname)),
    );
  } catch {
    // Storage full or refused: attribution is optional.
  }
}

/** The visit's landing as {@link captureAttribution} kept it; `{}` when none was kept. */
export function readAttribution(): Attribution {
  try {
    const raw = storage()?.getItem(ATTRIBUTION_KEY);
    if (!raw) return {};
    const value = JSON.parse(raw) as Record<string, unknown>;
    // Re-cleaned: sessionStorage is the page's to write, but not only ours.
    return attributionOf(
      new URLSearchParams(
        Object.entries({
          utm_source: value.utmSource,
          utm_medium: value.utmMedium,
          utm_campaign: value.utmCampaign,
          utm_term: value.utmTerm,
          utm_content: value.utmContent,
        }).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ).toString(),
      typeof value.referrer === "string" ? value.referrer : "",
      typeof value.landingPath === "string" ? value.landingPath : "",
    );
  } catch {
    return {};
  }
}
