import { esPrivacy } from "~/locales/es-privacy";
import { addSpanish } from "~/locales/es-register";
import PrivacyRoute, { meta as privacyMeta } from "../privacy";

// Spanish texts, registered before the page renders (ADR 0022).
addSpanish({ privacy: esPrivacy });

export const meta = privacyMeta;

/** `/es/privacy` (docs/product.md#11-lead-attribution-and-privacy-notice): the privacy notice in Spanish, prerendered. */
export default function SpanishPrivacyRoute() {
  return <PrivacyRoute />;
}
