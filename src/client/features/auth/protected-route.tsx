import type { MeResponse } from "@common/api/auth";
import type { Language } from "@common/languages";
import { canManageUsers } from "@common/roles";
import { ACCOUNT_SIGN_IN_PATH, ADMIN_SIGN_IN_PATH } from "@common/sign-in-paths";
import { type ReactNode, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { LoadingScreen } from "~/components/loading-screen";
import { chosenLanguage, followLanguage, portalLanguage } from "~/lib/portal-language";
import { useTranslation } from "~/lib/react-i18n";
import { useSession } from "~/lib/session";

/**
 * Follows a signed-in user's stored language (ADR 0025): saves it in the
 * `lang` cookie and loads its catalogs when the page is in another one.
 * @returns true once the page can render in `language` (or it could not load: English then)
 */
function useUserLanguage(language: Language | undefined): boolean {
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState<Language | null>(null);
  useEffect(() => {
    if (!language || (portalLanguage() === language && chosenLanguage() === language)) return;
    followLanguage(language).catch(() => setFailed(language));
  }, [language]);
  return !language || i18n.language === language || failed === language;
}

/**
 * Protected-route behaviour of docs/product.md#2-pages: a Loading screen while the session loads
 * (and while the user's stored language loads, so the portal never shows another language
 * first: ADR 0025); visitors who are signed out go to the sign-in page of the page's audience
 * (ADR 0038): `/admin/login` from the admin dashboard (`adminOnly`), `/sign-in` from anywhere
 * else. With `adminOnly`, a signed-in user without manage rights gets `fallback` (the normal
 * user dashboard) instead.
 */
export function ProtectedRoute(props: {
  adminOnly?: boolean;
  fallback?: (session: MeResponse) => ReactNode;
  children: (session: MeResponse) => ReactNode;
}) {
  const session = useSession();
  const languageReady = useUserLanguage(session.data?.user.language);
  if (session.isPending || !languageReady) return <LoadingScreen />;
  if (!session.data)
    return <Navigate to={props.adminOnly ? ADMIN_SIGN_IN_PATH : ACCOUNT_SIGN_IN_PATH} replace />;
  if (props.adminOnly && !canManageUsers(session.data.user.role) && props.fallback) {
    return <>{props.fallback(session.data)}</>;
  }
  return <>{props.children(session.data)}</>;
}
