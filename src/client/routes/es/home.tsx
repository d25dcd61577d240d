import { addSpanish } from "~/locales/es-register";
import HomeRoute, { meta as homeMeta } from "../home";

// Spanish texts, registered before the page renders (ADR 0022).
addSpanish();

export const meta = homeMeta;

/** `/es/` (ADR 0022): the landing page in Spanish, prerendered at build time. */
export default function SpanishHomeRoute() {
  return <HomeRoute />;
}
