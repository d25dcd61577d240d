import type { LoginPortalId } from "@common/login-portals";
import { LoginPortalForm } from "~/features/portals/login-portal-form";
import { addCatalog } from "~/lib/i18n";
import { esLoginPortals } from "~/locales/es-login-portals";

// The island's Spanish texts, registered as it loads (one module per language, ADR 0022).
addCatalog({ loginPortals: esLoginPortals }, "es");

/** The form island of a Spanish login portal page (see ./LoginPortalEn.tsx). */
export default function LoginPortalEs({ portal }: { portal: LoginPortalId }) {
  return <LoginPortalForm portal={portal} />;
}
