import type { MeResponse } from "@common/api/auth";
import { canManageUsers } from "@common/roles";
import type { ReactNode } from "react";
import { LoadingScreen } from "~/components/loading-screen";
import { useSession } from "~/lib/session";
import { AdminLoginScreen } from "./admin-login-screen";

/**
 * Protected-route behaviour of docs/product.md#2-pages: a Loading screen while the session loads; the login
 * screen for visitors who are signed out. With `adminOnly`, a signed-in user without manage
 * rights gets `fallback` (the normal user dashboard) instead.
 */
export function ProtectedRoute(props: {
  adminOnly?: boolean;
  fallback?: (session: MeResponse) => ReactNode;
  children: (session: MeResponse) => ReactNode;
}) {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <AdminLoginScreen />;
  if (props.adminOnly && !canManageUsers(session.data.user.role) && props.fallback) {
    return <>{props.fallback(session.data)}</>;
  }
  return <>{props.children(session.data)}</>;
}
