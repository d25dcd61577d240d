import { esLoginPortals } from "~/locales/es-login-portals";
import { addSpanish } from "~/locales/es-register";
import LoginPortalRoute, { meta as loginPortalMeta } from "../login-portal";

// Spanish texts, registered before the page renders (ADR 0022).
addSpanish({ loginPortals: esLoginPortals });

export const meta = loginPortalMeta;

/** `/es/<portal>-login` (ADR 0022): the five login portals in Spanish, prerendered at build time. */
export default function SpanishLoginPortalRoute() {
  return <LoginPortalRoute />;
}
