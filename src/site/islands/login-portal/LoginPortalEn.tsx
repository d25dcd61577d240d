import type { LoginPortalId } from "@common/login-portals";
import { LoginPortalForm } from "~/features/portals/login-portal-form";
import { addCatalog } from "~/lib/i18n";
import { enLoginPortals } from "~/locales/en-login-portals";

// The island's English texts, registered as it loads (one module per language, ADR 0022).
addCatalog({ loginPortals: enLoginPortals });

/**
 * The form island of a login portal page (docs/product.md#2-pages "Login portal pages"),
 * hydrated on first interaction; what was typed before is kept.
 */
export default function LoginPortalEn({ portal }: { portal: LoginPortalId }) {
  return <LoginPortalForm portal={portal} />;
}
